import { sql, type Kysely } from 'kysely';

/**
 * Several Meilisearch replicas fed from one outbox. Each outbox row gets a position (`seq`) when
 * the indexer stamps it, and each replica remembers the position up to which it has confirmed
 * every change; a row leaves the outbox once every replica that counts has passed it.
 *
 * The position is stamped by the one indexer that drains (it holds the advisory lock), not taken
 * from a sequence when the change is written: two writers' sequence numbers can commit out of
 * order, and a replica that already passed the later one would never get the earlier one. A row
 * is stamped when `stamped_version` lags `version` — a re-enqueue bumps the version (every
 * writer already does), so the row is stamped again, past every replica's position.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence search_outbox_seq`.execute(db);
  await db.schema
    .alterTable('search_outbox')
    .addColumn('seq', 'bigint')
    .addColumn('stamped_version', 'integer')
    .execute();
  // The drainer reads each replica's rows in position order, and finds the unstamped ones.
  await sql`create index search_outbox_seq_idx on search_outbox (seq)`.execute(db);
  await sql`create index search_outbox_unstamped_idx on search_outbox (job_id)
    where stamped_version is distinct from version`.execute(db);

  await db.schema
    .createTable('search_replicas')
    // The replica's normalised URL and the index on it: a position means something only for both.
    .addColumn('replica_id', 'text', (c) => c.notNull())
    .addColumn('index_uid', 'text', (c) => c.notNull())
    .addColumn('confirmed_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    // filling: being built from Postgres, takes no reads; live: drained from its position;
    // rebuild: fell too far behind (or was wiped), to be filled again.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('filling'))
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('search_replicas_pk', ['replica_id', 'index_uid'])
    .addCheckConstraint('search_replicas_state', sql`state in ('filling', 'live', 'rebuild')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_replicas').execute();
  await sql`drop index search_outbox_unstamped_idx`.execute(db);
  await sql`drop index search_outbox_seq_idx`.execute(db);
  await db.schema.alterTable('search_outbox').dropColumn('seq').dropColumn('stamped_version').execute();
  await sql`drop sequence search_outbox_seq`.execute(db);
}
