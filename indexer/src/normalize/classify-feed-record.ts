import { asObject, field, readText, type FeedObject } from './feed-values.js';
import { parseFeedDate } from './feed-time.js';
import type { NormalizedJob } from './normalized-job.js';
import { normalizeAd } from './normalize-ad.js';

/** One element of a /snapshot or /stream array, exactly as parsed from JSON. */
export type FeedRecord = unknown;

export type ClassifiedFeedRecord =
  | { kind: 'ad'; ad: NormalizedJob }
  | { kind: 'removal'; id: string; removedAt: Date | null }
  | { kind: 'invalid'; id: string | null; reason: string };

// Meilisearch accepts only these characters in a primary key and rejects the whole batch
// otherwise, so a record with any other id is refused here, one at a time.
const VALID_ID = /^[A-Za-z0-9_-]{1,100}$/;

// Fields that make an object an ad rather than a stray `{id}`.
const AD_CONTENT_FIELDS = ['headline', 'description', 'occupation', 'occupation_group', 'employer'];

/** The feed's id as a string: 2020 events send integers, ads send strings. */
export function readFeedId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return readText(value);
}

function hasAdContent(record: FeedObject): boolean {
  return AD_CONTENT_FIELDS.some((key) => {
    const value = field(record, key);
    return value !== undefined && value !== null && value !== '';
  });
}

/**
 * Sorts one feed record into an ad to upsert, a removal, or something to log and skip. Never
 * throws: a bad record must not stop a snapshot of fifty thousand good ones.
 * An ad object with `removed: true` is a removal as well; the content we stored earlier is kept.
 */
export function classifyFeedRecord(record: FeedRecord): ClassifiedFeedRecord {
  const object = asObject(record);
  if (!object) {
    const shape = record === null ? 'null' : Array.isArray(record) ? 'an array' : `a ${typeof record}`;
    return { kind: 'invalid', id: null, reason: `record is ${shape}, not an object` };
  }
  const id = readFeedId(field(object, 'id'));
  if (id === null) return { kind: 'invalid', id: null, reason: 'record has no usable id' };
  if (!VALID_ID.test(id)) return { kind: 'invalid', id, reason: 'id has characters an ad id never has' };

  if (field(object, 'removed') === true) {
    return { kind: 'removal', id, removedAt: parseFeedDate(field(object, 'removed_date')) };
  }
  if (!hasAdContent(object)) return { kind: 'invalid', id, reason: 'record has no ad content' };

  try {
    return { kind: 'ad', ad: normalizeAd(object, id) };
  } catch (error) {
    // Only a bug of ours can land here; the record is skipped and the reason logged with its id.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'invalid', id, reason: `normalising failed: ${message}` };
  }
}
