import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { kyselyOn, PGLITE_START_PARAMS } from './create-database.js';
import { migrateToLatest } from './migrate.js';
import { pglitePoolConfig } from './pglite-connection.js';

/**
 * A dump of an in-memory PGlite migrated to the latest schema, for createDatabase's `template`.
 * Tests make one per run and open a copy of it for every database they need: a copy starts in a
 * fraction of the time a new cluster takes to initialise, and needs no migrating.
 */
export async function createPgliteTemplate(): Promise<Blob> {
  const pglite = new PGlite({ startParams: PGLITE_START_PARAMS });
  try {
    await pglite.waitReady;
    const db = kyselyOn(new pg.Pool(pglitePoolConfig(pglite)));
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}
