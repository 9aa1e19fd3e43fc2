// Owns the `feed_control` table: admin commands for the indexer (start, stop, snapshot, reindex),
// delivered across processes as a row plus a NOTIFY on FEED_CONTROL_CHANNEL. Queue commands with
// queueFeedCommand (sync/feed-commands.ts), which sends the NOTIFY too.
import type { Database, FeedCommand, FeedControlRow } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

/** NOTIFY channel that wakes the indexer when an admin command is queued. */
export const FEED_CONTROL_CHANNEL = 'feed_control';

export async function insertFeedCommand(
  db: Kysely<Database>,
  command: FeedCommand,
  requestedBy: string | null,
): Promise<FeedControlRow> {
  return db
    .insertInto('feedControl')
    .values({ command, requestedBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Tells every listener (an indexer in this process or another) that command `id` is queued. */
export async function notifyFeedCommandQueued(db: Kysely<Database>, id: string): Promise<void> {
  await sql`select pg_notify(${FEED_CONTROL_CHANNEL}, ${id})`.execute(db);
}

/** Commands not yet started, oldest first. */
export async function pendingFeedCommands(db: Kysely<Database>): Promise<FeedControlRow[]> {
  return db.selectFrom('feedControl').selectAll().where('startedAt', 'is', null).orderBy('id').execute();
}

export async function countPendingFeedCommands(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('feedControl')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('startedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a command of this kind is waiting or running. */
export async function unfinishedFeedCommandExists(
  db: Kysely<Database>,
  command: FeedCommand,
): Promise<boolean> {
  const waiting = await db
    .selectFrom('feedControl')
    .select('id')
    .where('command', '=', command)
    .where('finishedAt', 'is', null)
    .executeTakeFirst();
  return Boolean(waiting);
}

/** How a command ended: `finishedAt` is null while it waits or runs. */
export async function feedCommandOutcome(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('feedControl')
    .select(['finishedAt', 'error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
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

/** Closes every started, unfinished command with `error` (their runner is gone); returns their kinds. */
export async function closeInterruptedCommands(
  db: Kysely<Database>,
  finishedAt: Date,
  error: string,
): Promise<FeedCommand[]> {
  const stale = await db
    .updateTable('feedControl')
    .set({ finishedAt, error })
    .where('startedAt', 'is not', null)
    .where('finishedAt', 'is', null)
    .returning('command')
    .execute();
  return stale.map((row) => row.command);
}

/**
 * Deletes up to `limit` commands that finished before `before` (retention of the admins' command
 * history); waiting and running ones stay whatever their age. Returns how many; fewer than
 * `limit`: none are left.
 */
export async function deleteFinishedCommandsBefore(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from feed_control
    where id in (select id from feed_control where finished_at < ${before}::timestamptz limit ${limit})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
