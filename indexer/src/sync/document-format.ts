import { JobSearchDocument } from '@jobbportalen/contracts/api/job';
import type { Database, SearchReplica } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { longTaskBusy, queueFeedCommand } from './feed-commands.js';
import type { SyncLogger } from './sync-context.js';

/**
 * The fields every search document of today's format carries: the contract's, less the optional
 * ones (an ad may have no position or first-seen time). Read from the contract, so a field added
 * there is checked without touching this file.
 */
export const FIELDS_OF_EVERY_DOCUMENT: readonly string[] = JobSearchDocument.required;

/** An index whose documents were written in an older format. */
export interface OutdatedDocuments {
  documents: number;
  /** Each field of today's documents that some of them lack, with how many documents carry it. */
  lacking: Record<string, number>;
}

/**
 * Whether an index holds documents of an older format. Meilisearch counts, per field, the
 * documents that carry it (null and empty values count), so a field every document of today has
 * but fewer documents carry than there are came in after they were written. Null when the index
 * is current, empty or gone: an empty or gone one is filled anyway, not rebuilt.
 */
export async function outdatedDocuments(
  client: Meilisearch,
  indexUid: string,
): Promise<OutdatedDocuments | null> {
  const stats = await client
    .index(indexUid)
    .getStats()
    .catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code === 'index_not_found') return null;
      throw error;
    });
  if (!stats || stats.numberOfDocuments === 0) return null;
  const lacking: Record<string, number> = {};
  for (const field of FIELDS_OF_EVERY_DOCUMENT) {
    const carriedBy = stats.fieldDistribution[field] ?? 0;
    if (carriedBy < stats.numberOfDocuments) lacking[field] = carriedBy;
  }
  return Object.keys(lacking).length > 0 ? { documents: stats.numberOfDocuments, lacking } : null;
}

/**
 * A stats read that does not answer in time is given up: the daemon checks at its start, before
 * its loops run, and a Meilisearch that hangs must not hold back the admin's commands.
 */
const FORMAT_CHECK_TIMEOUT_MS = 15_000;

function withinTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface FormatCheckOptions {
  db: Kysely<Database>;
  replicas: readonly SearchReplica[];
  indexUid: string;
  logger: SyncLogger;
}

/**
 * At the indexer's start: when a replica's documents are in an older format (an upgrade added a
 * field), the admin's 'Indexera om' is queued, as if an admin had pressed it — so its progress
 * shows in the admin, and searches keep answering from the old index until the rebuilt one is
 * swapped in. Without this, every search on the new field would find nothing until someone
 * pressed it. Returns whether it queued one.
 */
export async function queueReindexIfOutdated(options: FormatCheckOptions): Promise<boolean> {
  const { db, indexUid, logger } = options;
  // One waiting or running rebuilds every replica already.
  if (await longTaskBusy(db, 'reindex')) return false;
  for (const replica of options.replicas) {
    let outdated: OutdatedDocuments | null;
    try {
      outdated = await withinTimeout(outdatedDocuments(replica.client, indexUid), FORMAT_CHECK_TIMEOUT_MS);
    } catch (error) {
      // A replica that cannot be reached fails the outbox drainer too, which checks the format
      // again once it reaches the replica (search-outbox.ts).
      logger.warn({ err: error, replica: replica.id }, 'could not read the search index format');
      continue;
    }
    if (!outdated) continue;
    logger.info(
      { replica: replica.id, documents: outdated.documents, lacking: outdated.lacking },
      'search documents are in an older format; rebuilding the search index',
    );
    await queueFeedCommand(db, 'reindex', 'indexer');
    return true;
  }
  return false;
}
