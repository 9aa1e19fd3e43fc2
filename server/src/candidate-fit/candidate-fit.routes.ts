import { FitQuery, FitResponse, FIT_IDS_LIMIT } from '@jobbportalen/contracts/api/candidate-profile';
import { perAccountLimit } from '../http/per-account-limit.js';
import { errorResponses } from '../http/response-schemas.js';
import { swedishValidation } from '../http/validation.js';
import type { FastifyTypedInstance } from '../types.js';
import { fitIdsOf, fitsForAccount, TOO_MANY_IDS_MESSAGE } from './candidate-fit.service.js';

/**
 * GET /api/candidate/fit: 'Du uppfyller 4 av 5 krav' for the ads a logged-in seeker has on
 * screen. Mounted at /api/candidate beside the candidate's own routes; registered on its own as
 * it reads the profile and the ads, as privacy/ does: outside features/, since it uses two of them
 * (candidate-profile and match). Personal: never kept by any cache.
 */
export async function candidateFitRoutes(app: FastifyTypedInstance) {
  app.addHook('onRequest', app.authenticate);
  // One request per list of ads shown: a budget per account, spent only by its own token.
  const limit = perAccountLimit(app, 'fit', app.config.rateLimits.fitPerAccount);
  app.get(
    '/fit',
    {
      preHandler: limit,
      schemaErrorFormatter: swedishValidation({
        ids: { default: 'Ange annonsernas id, kommaseparerade.', maxLength: TOO_MANY_IDS_MESSAGE },
      }),
      schema: {
        tags: ['kandidat'],
        summary: 'Hur annonserna passar min profil (krav för krav)',
        description:
          `Högst ${FIT_IDS_LIMIT} id (fler: 400 VALIDATION_FAILED). Annonser som inte finns eller har ` +
          'tagits bort utelämnas; svaret följer ordningen i frågan. Utan profil: 404 PROFILE_NOT_FOUND.',
        security: [{ bearerAuth: [] }],
        querystring: FitQuery,
        response: { 200: FitResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const ids = fitIdsOf(request.query.ids);
      reply.header('cache-control', 'private, no-store');
      return fitsForAccount(app.db, request.user.id, ids);
    },
  );
}
