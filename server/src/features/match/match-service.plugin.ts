import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cvProfileReading, type CvProfileReading } from './cv-profile-reading.js';
import { createMatchService, type MatchService } from './match.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The CV readers and matching: one pool of workers for every route that reads a CV. */
    matchService: MatchService;
    /** What 'Min profil' uses of CV reading (see cv-profile-reading.ts). */
    cvProfiles: CvProfileReading;
  }
}

/**
 * The one match service of the app, shared by 'Matcha mig' (/api/ai/match) and 'Min profil'
 * (/api/candidate/profile): a second service would start a second pool of CV readers, with a
 * memory budget of its own, and so double what reading CVs may take of the server.
 */
export const matchServicePlugin = fp(async (app: FastifyInstance) => {
  const service = createMatchService({
    search: app.searchEngine,
    indexUid: app.config.meiliIndex,
    config: app.config.match,
  });
  const unwatch = app.metrics.watch({ cvReaders: service.readers });
  app.addHook('onClose', async () => {
    unwatch();
    await service.close();
  });
  app.decorate('matchService', service);
  app.decorate('cvProfiles', cvProfileReading(app, service));
});
