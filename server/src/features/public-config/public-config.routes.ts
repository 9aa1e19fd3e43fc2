import type { Config } from '../../config.js';
import type { FastifyTypedInstance } from '../../types.js';
import { PublicConfig } from './public-config.schemas.js';

/** What the browser needs to know at start: names, contact address and the search index. */
export const publicConfigOf = (config: Readonly<Config>): PublicConfig =>
  Object.freeze({
    siteName: config.siteName,
    contactEmail: config.contactEmail,
    searchIndex: config.meiliIndex,
    analyticsUrl: null,
  });

export async function publicConfigRoutes(app: FastifyTypedInstance) {
  const body = publicConfigOf(app.config);
  app.get(
    '/config',
    {
      schema: {
        tags: ['webbplats'],
        summary: 'Publika inställningar för webbappen',
        response: { 200: PublicConfig },
      },
    },
    async (_request, reply) => {
      // Changes only with a restart; a few minutes in a cache is harmless.
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
