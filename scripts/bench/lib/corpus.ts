import type { JobSearchDocument } from '@jobbportalen/contracts';
import { generateAd } from '@jobbportalen/feed-simulator';
import { classifyFeedRecord, toSearchDocument } from '@jobbportalen/indexer';

/**
 * Search documents for the simulator's ads `from` … `from + count - 1`, built exactly as the
 * indexer builds them (feed record → normaliser → search document), in batches so that half a
 * million ads never sit in memory at once.
 */
export function* simulatorDocumentBatches(
  count: number,
  options: { seed?: number; batchSize?: number; from?: number } = {},
): Generator<JobSearchDocument[]> {
  const { seed = 1, batchSize = 10_000, from = 0 } = options;
  let batch: JobSearchDocument[] = [];
  for (let index = from; index < from + count; index++) {
    const record = classifyFeedRecord(generateAd(index, seed));
    if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is not an ad: ${record.kind}`);
    batch.push(toSearchDocument(record.ad));
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export function simulatorDocuments(count: number, seed = 1): JobSearchDocument[] {
  return [...simulatorDocumentBatches(count, { seed })].flat();
}
