import { JobsForYouResponse } from '@jobbportalen/contracts/api/jobs-for-you';
import { perAccountLimit } from '../http/per-account-limit.js';
import { errorResponses } from '../http/response-schemas.js';
import type { FastifyTypedInstance } from '../types.js';
import { jobsForYou } from './jobs-for-you.service.js';

/** Searches one account may start a minute: a dashboard loads it once, a flood gets 429. */
const REQUESTS_PER_MINUTE = 30;

/** 'Jobb för dig'. Mounted at /api/candidate; needs a token. */
export async function jobsForYouRoutes(app: FastifyTypedInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
  const deps = {
    db: app.db,
    match: {
      search: app.searchEngine,
      indexUid: app.config.meiliIndex,
      embeddings: app.config.match.embeddings,
    },
  };
  const limit = perAccountLimit(app, 'jobs-for-you', REQUESTS_PER_MINUTE);

  app.get(
    '/jobs-for-you',
    {
      preHandler: limit,
      schema: {
        tags: ['kandidat'],
        summary: 'Jobb för dig: de annonser som passar din sparade profil bäst, med varför',
        description:
          'Upp till 20 aktuella annonser, bäst först, var och en med matchReason och score. ' +
          'Utan sparad profil: 404 med code PROFILE_NOT_FOUND.',
        response: { 200: JobsForYouResponse, ...errorResponses(401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      // Personal: only this browser may keep it, and not even that (the profile may change).
      reply.header('cache-control', 'private, no-store');
      return jobsForYou(deps, request.user.id);
    },
  );
}
