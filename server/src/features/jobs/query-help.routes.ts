import {
  AlsoMentionsAnswer,
  OccupationWordsAnswer,
  QueryKnowledgeAnswer,
  ZeroHitHelp,
} from '@jobbportalen/contracts/api/job-query-help';
import { occupationLexicon } from '@jobbportalen/lexicon';
import { errorResponses } from '../../http/response-schemas.js';
import type { searchRateLimit } from '../../http/rate-limits.js';
import type { swedishValidation } from '../../http/validation.js';
import type { FastifyTypedInstance } from '../../types.js';
import { jobsAlsoMentions } from './search-counts.js';
import type { JobsDependencies } from './jobs.service.js';
import { JobsQuery } from './jobs.schemas.js';
import { jobsQueryKnowledge, jobsZeroHitHelp } from './query-help.service.js';

/** The rules change with a deploy, the kept titles with the index: a few minutes' delay is fine. */
const RULES_CACHE = 'public, max-age=300';

/** The occupation words change only with a deploy. */
const OCCUPATION_WORDS_CACHE = 'public, max-age=3600';

/**
 * /api/jobs/zero-hit-help, /also-mentions, /query-rules and /occupation-words, beside the other
 * /api/jobs calls.
 */
export function queryHelpRoutes(
  app: FastifyTypedInstance,
  jobs: JobsDependencies,
  options: {
    config: ReturnType<typeof searchRateLimit>;
    schemaErrorFormatter: ReturnType<typeof swedishValidation>;
  },
): void {
  const tags = ['jobb'];
  app.get(
    '/zero-hit-help',
    {
      config: options.config,
      schemaErrorFormatter: options.schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Hjälp när en sökning saknar träffar: Menade du …? och filter vars borttagning ger träffar',
        querystring: JobsQuery,
        response: { 200: ZeroHitHelp, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => jobsZeroHitHelp(jobs, request.query),
  );

  app.get(
    '/also-mentions',
    {
      config: options.config,
      schemaErrorFormatter: options.schemaErrorFormatter,
      schema: {
        tags,
        summary:
          'Hur många fler annonser sökningen ger med alsoMentions=true: de som nämner sökningens yrkesord i texten',
        querystring: JobsQuery,
        response: { 200: AlsoMentionsAnswer, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => jobsAlsoMentions(jobs, request.query),
  );

  app.get(
    '/query-rules',
    {
      config: options.config,
      schema: {
        tags,
        summary: 'Regler för hur söktext tolkas (lärarjobb malmö → lärare i Malmö)',
        response: { 200: QueryKnowledgeAnswer, ...errorResponses(429, 503) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', RULES_CACHE);
      return jobsQueryKnowledge(jobs);
    },
  );

  app.get(
    '/occupation-words',
    {
      config: options.config,
      schema: {
        tags,
        summary: 'Yrkesorden som söktext läses med (utvecklare söks bland annonsernas yrken, inte i texten)',
        response: { 200: OccupationWordsAnswer, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', OCCUPATION_WORDS_CACHE);
      return occupationLexicon();
    },
  );
}
