import { sql, type Kysely } from 'kysely';

/**
 * Request counters shared by every server process on one PostgreSQL, so a login limit of 10 a
 * minute stays 10 however many servers answer (docker compose --scale server=N).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'timestamptz', (c) => c.notNull())
    .execute();
  // Expired counters are swept by window end.
  await sql`create index rate_limit_counters_window_ends on rate_limit_counters (window_ends)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
