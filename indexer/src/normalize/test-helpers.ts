import { classifyFeedRecord } from './classify-feed-record.js';
import type { NormalizedJob } from './normalized-job.js';

/** For tests: classifies a record that must be an ad and returns the job, failing loudly otherwise. */
export function normalizeForTest(record: unknown): NormalizedJob {
  const result = classifyFeedRecord(record);
  if (result.kind !== 'ad') throw new Error(`expected an ad, got ${JSON.stringify(result)}`);
  return result.ad;
}
