import { liveJobsByIds, type Database } from '@jobbportalen/storage';
import type { JobSearchDocument } from '@jobbportalen/contracts';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { SEARCH_DOCUMENT_COLUMNS, toSearchDocument } from '../normalize/search-document.js';
import { deleteDelivered, outboxPage } from '../repositories/search-outbox.repository.js';
import { TaskPipeline } from './meili-tasks.js';

export interface OutboxDrainOptions {
  db: Kysely<Database>;
  client: Meilisearch;
  indexUid: string;
  /** Outbox rows per Meilisearch request. */
  batchSize?: number;
  /** Requests sent before the oldest one has to be confirmed. */
  maxInFlight?: number;
  signal?: AbortSignal;
  /**
   * Asked before each sweep: while it answers true, nothing more is sent, and the drain ends once
   * what it sent is confirmed.
   */
  paused?: () => boolean;
}

// Meilisearch takes every request queued when it starts work as one batch, and a large batch costs
// far less per document than a small one (measured: 2,000 documents about 500/s, 8,000 about
// 900/s). Eight requests of a thousand queued give it batches of several thousand, while each
// request — the documents we build and serialise at a time — stays small for our memory.
export const DEFAULT_DRAIN_BATCH_SIZE = 1000;
export const DEFAULT_DRAIN_IN_FLIGHT = 8;

interface SentBatch {
  ids: string[];
  versions: number[];
}

/** Search documents of the live ads among `ids`, read without the raw payload they do not need. */
export async function searchDocumentsFor(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<JobSearchDocument[]> {
  const rows = await liveJobsByIds(db, ids, SEARCH_DOCUMENT_COLUMNS);
  return rows.map(toSearchDocument);
}

/**
 * Moves pending changes from Postgres to Meilisearch: live ads are (re)written, removed ones
 * deleted. A batch leaves the outbox only after Meilisearch reports its tasks succeeded, and only
 * rows whose version did not change meanwhile — so the delivery is at-least-once and an outage
 * of the search engine loses nothing: the next drain picks up where this one stopped.
 *
 * The outbox is swept in id order (the primary key: no sort) and swept again until a sweep finds
 * nothing. Up to `maxInFlight` batches are sent ahead of their confirmation; rows of a batch in
 * flight are skipped by the next sweep, and one changed meanwhile keeps its row (newer version)
 * and is sent again once its batch is confirmed. Returns how many outbox rows were delivered.
 */
export async function drainOutbox(options: OutboxDrainOptions): Promise<number> {
  const { db, client } = options;
  const batchSize = options.batchSize ?? DEFAULT_DRAIN_BATCH_SIZE;
  const index = client.index(options.indexUid);
  const pipeline = new TaskPipeline<SentBatch>(client, options.maxInFlight ?? DEFAULT_DRAIN_IN_FLIGHT);
  const inFlight = new Set<string>();
  let delivered = 0;

  const confirm = async (batches: SentBatch[]) => {
    for (const batch of batches) {
      delivered += await deleteDelivered(db, batch.ids, batch.versions);
      for (const id of batch.ids) inFlight.delete(id);
    }
  };

  let after = '';
  let sweepSentSomething = false;
  for (;;) {
    options.signal?.throwIfAborted();
    if (options.paused?.()) {
      while (pipeline.size > 0) await confirm([await pipeline.confirmOldest()]);
      return delivered;
    }
    const page = await outboxPage(db, after, batchSize);
    if (page.length === 0) {
      if (!sweepSentSomething) {
        // Whatever is left is in flight (or nothing is): wait for Meilisearch, or stop.
        if (pipeline.size === 0) return delivered;
        await confirm([await pipeline.confirmOldest()]);
      }
      after = '';
      sweepSentSomething = false;
      continue;
    }
    after = page[page.length - 1]!.jobId;
    const fresh = page.filter((row) => !inFlight.has(row.jobId));
    if (fresh.length === 0) continue;
    sweepSentSomething = true;

    const ids = fresh.map((row) => row.jobId);
    const documents = await searchDocumentsFor(db, ids);
    const live = new Set(documents.map((document) => document.id));
    // Removed ads and ids we no longer have at all leave the index.
    const deletions = ids.filter((id) => !live.has(id));
    // The two requests of a sweep touch different ads (live ones and the rest), so their order
    // does not matter, and sent together they land in one indexing batch of Meilisearch, where one
    // after the other they made two. Every batch costs a second or so at 50,000 ads however few
    // documents it holds (writing the geo index alone took half of that), and a stream window
    // paid it twice. Later sweeps send only once these are enqueued: sweeps still apply in order.
    const requests: Promise<{ taskUid: number }>[] = [];
    if (documents.length > 0) requests.push(index.addDocuments(documents, { primaryKey: 'id' }));
    if (deletions.length > 0) requests.push(index.deleteDocuments(deletions));
    const uids = (await Promise.all(requests)).map((task) => task.taskUid);
    for (const id of ids) inFlight.add(id);
    await confirm(await pipeline.add(uids, { ids, versions: fresh.map((row) => row.version) }));
  }
}
