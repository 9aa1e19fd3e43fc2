// Owns the `feed_state` table: the single row saying where the feed sync stands (running, stream
// cursor, last snapshot, progress of a long task). The indexer writes it; the admin pages read it.
import type { Database, FeedStateRow } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';

export type FeedStatePatch = Partial<Omit<FeedStateRow, 'id' | 'updatedAt'>>;

export async function readFeedState(db: Kysely<Database>): Promise<FeedStateRow> {
  return db.selectFrom('feedState').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateFeedState(db: Kysely<Database>, patch: FeedStatePatch): Promise<void> {
  await db
    .updateTable('feedState')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', 1)
    .execute();
}

export type LongTask = 'snapshot' | 'reindex';

/** Progress of a running snapshot or reindex, for the admin's progress bar. */
export async function reportProgress(
  db: Kysely<Database>,
  task: LongTask | null,
  processed: number | null = null,
  total: number | null = null,
): Promise<void> {
  await updateFeedState(db, { progressTask: task, progressProcessed: processed, progressTotal: total });
}
