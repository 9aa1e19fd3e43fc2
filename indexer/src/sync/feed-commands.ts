import type { Database, FeedCommand, FeedControlRow } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

/** NOTIFY channel that wakes the indexer when an admin command is queued. */
export const FEED_CONTROL_CHANNEL = 'feed_control';

/**
 * Queues an admin command for the indexer (wherever it runs: in this process or another).
 * The row is the command; the NOTIFY only wakes the indexer sooner than its poll would.
 */
export async function queueFeedCommand(
  db: Kysely<Database>,
  command: FeedCommand,
  requestedBy: string | null,
): Promise<FeedControlRow> {
  const row = await db
    .insertInto('feedControl')
    .values({ command, requestedBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${FEED_CONTROL_CHANNEL}, ${String(row.id)})`.execute(db);
  return row;
}

/** Commands not yet started, oldest first. */
export async function pendingFeedCommands(db: Kysely<Database>): Promise<FeedControlRow[]> {
  return db.selectFrom('feedControl').selectAll().where('startedAt', 'is', null).orderBy('id').execute();
}

/** Whether a snapshot or reindex is running or waiting. */
export async function longTaskBusy(db: Kysely<Database>, command: 'snapshot' | 'reindex'): Promise<boolean> {
  const state = await db
    .selectFrom('feedState')
    .select('progressTask')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (state?.progressTask === command) return true;
  const waiting = await db
    .selectFrom('feedControl')
    .select('id')
    .where('command', '=', command)
    .where('finishedAt', 'is', null)
    .executeTakeFirst();
  return Boolean(waiting);
}

export async function markCommandStarted(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('feedControl').set({ startedAt: new Date() }).where('id', '=', id).execute();
}

export async function markCommandFinished(
  db: Kysely<Database>,
  id: string,
  error: string | null,
): Promise<void> {
  await db.updateTable('feedControl').set({ finishedAt: new Date(), error }).where('id', '=', id).execute();
}
