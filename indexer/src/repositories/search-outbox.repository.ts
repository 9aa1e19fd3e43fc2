// Owns the `search_outbox` table: ads whose search document is out of date. A row is written in
// the same transaction as the change to `jobs` (pass the transaction), stamped with a position
// by the drainer, and deleted only once every replica counted has confirmed that position, so an
// outage of a search engine loses nothing.
import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

/**
 * Marks jobs as needing (re)indexing. The version bump lets the drainer spot re-enqueues. A row
 * keeps the time of its first enqueue: the oldest change the index has not got yet is what the
 * alert runs' horizon waits for (see oldestPendingEnqueuedAt).
 */
export async function enqueueForIndexing(db: Kysely<Database>, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .insertInto('searchOutbox')
    .values(jobIds.map((jobId) => ({ jobId })))
    .onConflict((oc) => oc.column('jobId').doUpdateSet({ version: sql`search_outbox.version + 1` }))
    .execute();
}

/**
 * Gives every row changed since it was last stamped the next outbox positions, and returns the
 * highest position given so far. Only the draining indexer stamps (one at a time): a row's
 * position is then never below one a replica has already passed, which writers taking numbers
 * from a sequence at commit time could not promise (their commits can come out of order).
 */
export async function stampOutbox(db: Kysely<Database>): Promise<number> {
  await sql`
    update search_outbox set seq = nextval('search_outbox_seq'), stamped_version = version
    where stamped_version is distinct from version`.execute(db);
  const row = await db
    .selectFrom('searchOutbox')
    .select((eb) => eb.fn.max('seq').as('horizon'))
    .executeTakeFirst();
  return Number(row?.horizon ?? 0);
}

/** Up to `limit` stamped rows past position `after` and not past `upTo`, in position order. */
export async function outboxPageAfter(db: Kysely<Database>, after: number, upTo: number, limit: number) {
  const rows = await db
    .selectFrom('searchOutbox')
    .select(['jobId', 'seq'])
    .where('seq', '>', String(after))
    .where('seq', '<=', String(upTo))
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ jobId: row.jobId, seq: Number(row.seq) }));
}

/**
 * Deletes the rows every counted replica has confirmed (position ≤ `confirmed`), each only if it
 * was not re-enqueued since it was stamped (such a row waits for its new position). Returns how
 * many were deleted.
 */
export async function trimConfirmed(db: Kysely<Database>, confirmed: number): Promise<number> {
  const done = await sql`
    delete from search_outbox where seq <= ${confirmed} and stamped_version = version`.execute(db);
  return Number(done.numAffectedRows ?? 0);
}

/** Stamped rows past a replica's position: how far behind it is. */
export async function rowsAfter(db: Kysely<Database>, position: number): Promise<number> {
  const row = await db
    .selectFrom('searchOutbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('seq', '>', String(position))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function outboxSize(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('searchOutbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * When the oldest change not yet searchable on the replicas that take reads was made (null: they
 * have every change): rows not stamped since their last change, and rows past the slowest live
 * replica's position (every row, before any replica is live). An ad is stamped first_seen_at in
 * the transaction that enqueues it, so every ad first seen before this moment is searchable on
 * every live replica: alert runs count new ads only up to it.
 */
export async function oldestPendingEnqueuedAt(db: Kysely<Database>): Promise<Date | null> {
  const row = await sql<{ oldest: Date | null }>`
    select min(o.enqueued_at) as oldest from search_outbox o
    where o.stamped_version is distinct from o.version
      or o.seq > coalesce((select min(confirmed_seq) from search_replicas where state = 'live'), 0)`.execute(
    db,
  );
  return row.rows[0]?.oldest ?? null;
}
