import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  JOB_MAX_PAGE_SIZE,
  PAGE_ANSWER_PATHS,
  SEARCH_ANSWER_PATHS,
  type PageAnswer,
} from '@jobbportalen/contracts';
import { AppError } from '../errors.js';
import type { JobRow } from '@jobbportalen/storage';
import { AD_PAGE_COLUMNS, adPageJob } from '../features/jobs/ad-page.js';
import { jobsAlsoMentions, listFilterCounts } from '../features/jobs/search-counts.js';
import { JobsQuery } from '../features/jobs/jobs.schemas.js';
import {
  attributeValues,
  jobStats,
  latestJobs,
  type JobsDependencies,
} from '../features/jobs/jobs.service.js';
import { getSiteSettings } from '../features/site-settings/site-settings.service.js';
import { SIMILAR_BY_COLUMNS, similarJobsOf } from '../features/jobs/similar-jobs.js';
import { jobsQueryKnowledge } from '../features/jobs/query-help.service.js';
import { publicConfigOf } from '../features/public-config/public-config.routes.js';
import { errorBody } from '../plugins/error-handler.js';
import { privacyFactsOf } from '../privacy/privacy-facts.js';

const LATEST_PATH = /^\/api\/jobs\/latest\?limit=(\d{1,3})$/;

/** The answers about a search, by path: the services their routes call with the parsed query. */
const SEARCH_ANSWERS: Record<string, (jobs: JobsDependencies, query: JobsQuery) => Promise<unknown>> = {
  [SEARCH_ANSWER_PATHS.filterCounts]: listFilterCounts,
  [SEARCH_ANSWER_PATHS.alsoMentions]: jobsAlsoMentions,
};

/** A query string as the routes receive it: a parameter given more than once is a list. */
function queryObject(query: string): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const before = object[name];
    object[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return object;
}

/**
 * The answers a page's render needs that the server can give without a request: the same service
 * calls the routes make, called directly — no in-process HTTP request, no parsing, hooks or
 * serialisation per answer. A search page's filter counts and 'Visa även …' are among them, read
 * with the page's request (searchAnswer). A path not known here is asked of the routes in-process
 * (in-process-api.ts). A job page's own answers (the ad, 'Liknande jobb') come from its route,
 * which has read the ad already (AppPageOptions.answers).
 *
 * These are the public answers every visitor gets alike; the visitor's page views are limited
 * before any of this runs (page-view-limit.ts).
 */
export function directAnswers(
  app: FastifyInstance,
): (path: string, request: FastifyRequest) => Promise<PageAnswer> | undefined {
  const { jobs } = app;
  const config = publicConfigOf(app.config);
  const privacy = privacyFactsOf(app.config);
  const answers: Record<string, () => Promise<unknown>> = {
    [PAGE_ANSWER_PATHS.config]: async () => config,
    [PAGE_ANSWER_PATHS.places]: () => attributeValues(jobs, 'location'),
    [PAGE_ANSWER_PATHS.extents]: () => attributeValues(jobs, 'extent'),
    [PAGE_ANSWER_PATHS.forms]: () => attributeValues(jobs, 'form'),
    [PAGE_ANSWER_PATHS.queryRules]: () => jobsQueryKnowledge(jobs),
    [PAGE_ANSWER_PATHS.siteSettings]: () => getSiteSettings(app.db),
    [PAGE_ANSWER_PATHS.stats]: () => jobStats(jobs),
    [PAGE_ANSWER_PATHS.privacy]: async () => privacy,
  };
  return (path, request) => {
    const answer = Object.hasOwn(answers, path)
      ? answers[path]
      : (latestJobsAnswer(path) ?? searchAnswer(path, request));
    return answer ? answered(answer) : undefined;
  };

  /** 'Populära jobb just nu' in the count a page asks for, within what the route allows. */
  function latestJobsAnswer(path: string): (() => Promise<unknown>) | undefined {
    const limit = LATEST_PATH.exec(path)?.[1];
    if (limit === undefined || Number(limit) < 1 || Number(limit) > JOB_MAX_PAGE_SIZE) return undefined;
    return () => latestJobs(jobs, Number(limit));
  }

  /**
   * A search page's filter counts and 'Visa även …': what their routes answer, read as those
   * routes read it — the query string's parameters checked and coerced by the JobsQuery schema,
   * compiled by the server's own validator (the page's request compiles it once for its route).
   * A query the schema refuses is left to the route, whose 400 names the parameter in Swedish.
   */
  function searchAnswer(path: string, request: FastifyRequest): (() => Promise<unknown>) | undefined {
    const separator = path.indexOf('?');
    const pathname = separator === -1 ? path : path.slice(0, separator);
    const answer = Object.hasOwn(SEARCH_ANSWERS, pathname) ? SEARCH_ANSWERS[pathname] : undefined;
    if (!answer) return undefined;
    const query = queryObject(separator === -1 ? '' : path.slice(separator + 1));
    if (!request.compileValidationSchema(JobsQuery, 'querystring')(query)) return undefined;
    return () => answer(jobs, query as JobsQuery);
  }
}

/** The columns of an ad its page's answers are made of. */
export const JOB_PAGE_ANSWER_COLUMNS = [...AD_PAGE_COLUMNS, ...SIMILAR_BY_COLUMNS] as const;
type JobPageAnswerColumn = (typeof JOB_PAGE_ANSWER_COLUMNS)[number];

/**
 * A live ad's page answers, from the row its route has read: the ad itself and its 'Liknande
 * jobb' — what GET /api/jobs/{id} and /api/jobs/{id}/similar answer, without reading the ad again.
 */
export function jobPageAnswers(
  app: FastifyInstance,
): (row: Pick<JobRow, JobPageAnswerColumn>) => Promise<Record<string, PageAnswer>> {
  const { jobs } = app;
  return async (row) => {
    const [job, similar] = await Promise.all([
      answered(async () => adPageJob(row)),
      answered(() => similarJobsOf(jobs, row)),
    ]);
    return { [PAGE_ANSWER_PATHS.job(row.id)]: job, [PAGE_ANSWER_PATHS.similarJobs(row.id)]: similar };
  };
}

/** An answer as the route would have sent it: 200 with the body, or the AppError's status and body. */
export async function answered(load: () => Promise<unknown>): Promise<PageAnswer> {
  try {
    return { status: 200, body: await load() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.details) };
  }
}
