// Owns the `search_outbox` table: ads whose search document is out of date. A row is written in
// the same transaction as the change to `jobs` (pass the transaction), and deleted only once
// Meilisearch has confirmed the batch, so an outage of the search engine loses nothing.
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

/** Up to `limit` rows after `afterJobId`, in job id order (the primary key: no sort). */
export async function outboxPage(db: Kysely<Database>, afterJobId: string, limit: number) {
  return db
    .selectFrom('searchOutbox')
    .select(['jobId', 'version'])
    .where('jobId', '>', afterJobId)
    .orderBy('jobId')
    .limit(limit)
    .execute();
}

/**
 * Deletes the delivered rows, each only if its version is still the one delivered (a row
 * re-enqueued meanwhile stays). `jobIds[i]` goes with `versions[i]`. Returns how many were deleted.
 */
export async function deleteDelivered(
  db: Kysely<Database>,
  jobIds: readonly string[],
  versions: readonly number[],
): Promise<number> {
  // Arrays rather than a long list of (id, version) tuples: PGlite silently ignores such a list
  // once it passes 256 entries.
  const done = await sql`
    delete from search_outbox as o
    using unnest(${[...jobIds]}::text[], ${[...versions]}::integer[]) as d(job_id, version)
    where o.job_id = d.job_id and o.version = d.version`.execute(db);
  return Number(done.numAffectedRows ?? 0);
}

export async function outboxSize(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('searchOutbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * When the oldest change still waiting for the index was made (null: the index has every change).
 * An ad is stamped first_seen_at in the transaction that enqueues it, so every ad first seen
 * before this moment is searchable: alert runs count new ads only up to it.
 */
export async function oldestPendingEnqueuedAt(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('searchOutbox')
    .select((eb) => eb.fn.min('enqueuedAt').as('oldest'))
    .executeTakeFirst();
  return row?.oldest ?? null;
}
