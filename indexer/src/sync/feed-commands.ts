import type { Database, FeedCommand, FeedControlRow } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import {
  insertFeedCommand,
  notifyFeedCommandQueued,
  unfinishedFeedCommandExists,
} from '../repositories/feed-control.repository.js';
import { readFeedState, type LongTask } from '../repositories/feed-state.repository.js';

/**
 * Queues an admin command for the indexer (wherever it runs: in this process or another). The row
 * is the command; the NOTIFY only wakes the indexer sooner than its poll would. Every command, the
 * daemon's own included, goes through here, so every one is announced.
 */
export async function queueFeedCommand(
  db: Kysely<Database>,
  command: FeedCommand,
  requestedBy: string | null,
): Promise<FeedControlRow> {
  const row = await insertFeedCommand(db, command, requestedBy);
  await notifyFeedCommandQueued(db, String(row.id));
  return row;
}

/** Whether a snapshot or reindex is running or waiting. */
export async function longTaskBusy(db: Kysely<Database>, command: LongTask): Promise<boolean> {
  const state = await readFeedState(db);
  if (state.progressTask === command) return true;
  return unfinishedFeedCommandExists(db, command);
}
