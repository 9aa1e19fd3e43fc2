import { stockholmDate } from '@jobbportalen/contracts';
import { PersonalDataExport, personalDataFileName, PrivacyFacts } from '@jobbportalen/contracts/api/privacy';
import { perAccountLimit } from '../http/per-account-limit.js';
import { errorResponses } from '../http/response-schemas.js';
import type { FastifyTypedInstance } from '../types.js';
import { exportPersonalData } from './personal-data-export.js';
import { privacyFactsOf } from './privacy-facts.js';

/** GET /api/privacy: /integritet's figures. Mounted at /api. The same for everyone. */
export async function privacyRoutes(app: FastifyTypedInstance) {
  const facts = privacyFactsOf(app.config);
  app.get(
    '/privacy',
    {
      schema: {
        tags: ['webbplats'],
        summary: 'Vad sidan Integritet anger: hur länge uppgifter sparas och vem som är ansvarig',
        response: { 200: PrivacyFacts },
      },
    },
    async (_request, reply) => {
      // Changes only with a restart, as /api/config.
      reply.header('cache-control', 'public, max-age=300');
      return facts;
    },
  );
}

/**
 * GET /api/candidate/export ('Ladda ner mina uppgifter'). Mounted at /api/candidate beside the
 * candidate's own routes, but registered on its own: it reads the tables of several features.
 */
export async function personalDataRoutes(app: FastifyTypedInstance) {
  app.addHook('onRequest', app.authenticate);
  const limit = perAccountLimit(app, 'export', app.config.rateLimits.exportsPerAccount);
  app.get(
    '/export',
    {
      preHandler: limit,
      schema: {
        tags: ['kandidat'],
        summary: 'Ladda ner allt vi sparar om mitt konto (JSON)',
        description:
          'Kontot (utan lösenordshash), sparade jobb, sparade sökningar och vad de har skickat, ' +
          'bevakningar utan konto för samma adress, skickad e-post (utan innehåll) och anmälda annonser. ' +
          'Skickas som en fil att spara.',
        security: [{ bearerAuth: [] }],
        response: { 200: PersonalDataExport, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const data = await exportPersonalData(app.db, request.user.id, now);
      reply
        .header('content-disposition', `attachment; filename="${personalDataFileName(stockholmDate(now))}"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );
}
