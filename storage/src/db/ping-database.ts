import { sql, type Kysely } from 'kysely';
import type { Database } from './database.types.js';

/** Resolves once the database has answered a trivial query (readiness probes). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
