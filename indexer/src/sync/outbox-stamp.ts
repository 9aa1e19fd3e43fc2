import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { stampOutbox } from '../repositories/search-outbox.repository.js';

// Replicas drain and fill side by side, and each sweep stamps first: one stamp at a time, so that
// every position up to the horizon a stamp returns is committed when a sweep reads up to it.
let stamping: Promise<unknown> = Promise.resolve();

/** Stamps the changed outbox rows (see stampOutbox); returns the highest position stamped. */
export function stampRows(db: Kysely<Database>): Promise<number> {
  const stamp = stamping.then(() => stampOutbox(db));
  stamping = stamp.catch(() => undefined);
  return stamp;
}
