import { listFilterCounts } from './search-counts.js';
import { Type } from '@fastify/type-provider-typebox';
import { JOB_MAX_PAGE_SIZE } from '@jobbportalen/contracts';
import { findJobWithLiveness } from '@jobbportalen/storage';
import { AppError, notFound } from '../../errors.js';
import { ApiJob } from '../../http/job-response.js';
import { searchRateLimit } from '../../http/rate-limits.js';
import { swedishValidation } from '../../http/validation.js';
import { errorResponses } from '../../http/response-schemas.js';
import type { FastifyTypedInstance } from '../../types.js';
import {
  CountEntries,
  FilterCounts,
  GoneJob,
  JobIdParams,
  JobsPage,
  JobsQuery,
  JobStats,
  jobsQueryMessages,
  LATEST_DEFAULT,
  LatestQuery,
  StringList,
  SuggestionsQuery,
} from './jobs.schemas.js';
import {
  attributeValues,
  cityCounts,
  jobStats,
  jobSuggestions,
  latestJobs,
  listJobs,
  liveJob,
  mainCategoryCounts,
} from './jobs.service.js';
import { queryHelpRoutes } from './query-help.routes.js';
import { AD_PAGE_COLUMNS, adPageJob, withFeedTimes } from './ad-page.js';
import { similarJobs } from './similar-jobs.js';

// Ad ids are what the feed uses (digits) or what Meilisearch accepts as a primary key.
const AD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Counts and lists change with every import, but a few seconds' delay never matters. */
const SHORT_CACHE = 'public, max-age=30';
const LIST_CACHE = 'public, max-age=60';

const JOB_MISSING = 'Jobb ej hittat.';

/** The public job calls under /api/jobs, served from the Meilisearch jobs index (live ads only). */
export async function jobsRoutes(app: FastifyTypedInstance) {
  const { jobs } = app;
  const config = searchRateLimit(app.config);
  const serializedPages = new WeakMap<object, string>();
  const tags = ['jobb'];
  // A search the API cannot run is refused with a Swedish sentence naming the parameter.
  const schemaErrorFormatter = swedishValidation(jobsQueryMessages);

  app.get(
    '/',
    {
      config,
      schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Sök och bläddra bland jobb (20 per sida, nyaste först utan söktext)',
        querystring: JobsQuery,
        response: { 200: JobsPage, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const page = await listJobs(jobs, request.query);
      // A page answered from the service's short cache is the same object each time: serialise it
      // once (with this route's schema) rather than on every hit.
      let json = serializedPages.get(page);
      if (json === undefined) {
        json = reply.serialize(page) as string;
        serializedPages.set(page, json);
      }
      // Already serialised by the schema's serialiser: Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(json as unknown as JobsPage);
    },
  );

  app.get(
    '/filter-counts',
    {
      config,
      schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Antal jobb för sökningen med varje val av Publicerad, erfarenhet, körkort och distans',
        querystring: JobsQuery,
        response: { 200: FilterCounts, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => listFilterCounts(jobs, request.query),
  );

  app.get(
    '/latest',
    {
      config,
      schema: {
        tags,
        summary: 'De senast publicerade jobben',
        querystring: LatestQuery,
        response: { 200: Type.Array(ApiJob), ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const limit = Math.min(JOB_MAX_PAGE_SIZE, Math.max(1, request.query.limit ?? LATEST_DEFAULT));
      reply.header('cache-control', SHORT_CACHE);
      return latestJobs(jobs, limit);
    },
  );

  app.get(
    '/stats',
    {
      config,
      schema: {
        tags,
        summary: 'Antal annonser och lediga tjänster',
        response: { 200: JobStats, ...errorResponses(429, 503) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return jobStats(jobs);
    },
  );

  app.get(
    '/main-category-counts',
    {
      config,
      schema: {
        tags,
        summary: 'Antal jobb per huvudkategori (IT, Sälj, Vård, Ekonomi, Kundservice)',
        response: { 200: CountEntries, ...errorResponses(429, 503) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return mainCategoryCounts(jobs);
    },
  );

  app.get(
    '/city-counts',
    {
      config,
      schema: {
        tags,
        summary: 'Antal jobb i Stockholm, Göteborg, Malmö och på distans',
        response: { 200: CountEntries, ...errorResponses(429, 503) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return cityCounts(jobs);
    },
  );

  const valueLists = {
    '/titles': ['title', 'De vanligaste jobbtitlarna (högst 500)'],
    '/categories': ['category', 'Yrkesområden'],
    '/normalized-locations': ['location', 'Orter (normaliserade)'],
    '/locations': ['location', 'Orter att filtrera på'],
    '/extents': ['extent', 'Omfattningar (Heltid, Deltid)'],
    '/forms': ['form', 'Anställningsformer'],
  } as const;
  for (const [path, [attribute, summary]] of Object.entries(valueLists)) {
    app.get(
      path,
      { config, schema: { tags, summary, response: { 200: StringList, ...errorResponses(429, 503) } } },
      async (_request, reply) => {
        reply.header('cache-control', LIST_CACHE);
        return attributeValues(jobs, attribute);
      },
    );
  }

  queryHelpRoutes(app, jobs, { config, schemaErrorFormatter });

  app.get(
    '/suggestions',
    {
      config,
      schema: {
        tags,
        summary: 'Förslag till sökrutan: orter, yrkesområden och titlar som innehåller texten (högst 8)',
        querystring: SuggestionsQuery,
        response: { 200: StringList, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return jobSuggestions(jobs, request.query.q ?? '');
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Ett jobb',
        params: JobIdParams,
        response: { 200: ApiJob, 410: GoneJob, ...errorResponses(404, 429, 503) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!AD_ID.test(id)) throw notFound(JOB_MISSING);
      // Postgres knows removed ads (the index holds live ones only); ask both at once, the row
      // and whether it is live in one query.
      const [live, row] = await Promise.all([
        liveJob(jobs, id),
        findJobWithLiveness(app.db, id, AD_PAGE_COLUMNS),
      ]);
      // Removed by the feed, or hidden by an admin after a report: closed either way.
      if (row && !row.live) {
        throw new AppError(410, 'GONE', 'Annonsen har tagits bort.', { job: adPageJob(row) });
      }
      if (row) return live ? withFeedTimes(live, row) : adPageJob(row);
      if (live) return live;
      throw notFound(JOB_MISSING);
    },
  );

  app.get(
    '/:id/similar',
    {
      config,
      schema: {
        tags,
        summary:
          'Liknande jobb: högst fyra aktuella annonser i samma yrkesgrupp (annars yrkesområde), närmast först',
        params: JobIdParams,
        response: { 200: Type.Array(ApiJob), ...errorResponses(404, 429, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!AD_ID.test(id)) throw notFound(JOB_MISSING);
      const similar = await similarJobs(jobs, app.db, id);
      if (!similar) throw notFound(JOB_MISSING);
      reply.header('cache-control', SHORT_CACHE);
      return similar;
    },
  );
}
