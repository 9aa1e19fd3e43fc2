import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ProfileSearches } from '../features/alerts/profile-search.js';
import { profileSearches } from './profile-search-fit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'Min profil' and matching as the alerts use them ('Jobb som matchar min profil'). */
    profileSearches: ProfileSearches;
  }
}

/** Hands the alerts what they need of profiles, so that feature never reaches into another. */
export const profileSearchesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'profileSearches',
    profileSearches({ db: app.db, search: app.searchEngine, indexUid: app.config.meiliIndex }),
  );
});
