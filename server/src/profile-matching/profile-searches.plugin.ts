import type { Database } from '@jobbportalen/storage';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { ProfileSearches } from '../features/alerts/profile-search.js';
import { deleteProfileSearch } from '../features/alerts/saved-searches.repository.js';
import { profileSearches } from './profile-search-fit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'Min profil' and matching as the alerts use them ('Jobb som matchar min profil'). */
    profileSearches: ProfileSearches;
    /**
     * 'Ta bort min profil' takes the account's 'Jobb som matchar min profil' with it: with the
     * profile gone there is nothing left to match (the alert run also skips a search without one).
     * `db`: the transaction that deletes the profile, so both go or neither.
     */
    forgetProfileSearch(userId: string, db?: Kysely<Database>): Promise<void>;
  }
}

/** Hands the alerts what they need of profiles, so that feature never reaches into another. */
export const profileSearchesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'profileSearches',
    profileSearches({ db: app.db, search: app.searchEngine, indexUid: app.config.meiliIndex }),
  );
  app.decorate('forgetProfileSearch', async (userId: string, db: Kysely<Database> = app.db) => {
    await deleteProfileSearch(db, userId);
  });
});
