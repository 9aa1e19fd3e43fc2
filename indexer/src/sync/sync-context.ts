import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { FeedClient } from '../feed/feed-client.js';

export interface SyncLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Everything one sync step needs. */
export interface SyncContext {
  db: Kysely<Database>;
  indexUid: string;
  feed: FeedClient;
  logger: SyncLogger;
  signal: AbortSignal;
  /** Rows per database write. */
  batchSize: number;
  now: () => Date;
}
