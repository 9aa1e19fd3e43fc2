import {
  countLiveJobs,
  ensureJobsIndex,
  forgetReplicasExcept,
  liveJobsByIds,
  registerReplicas,
  replicaId,
  replicaPositions,
  updateReplica,
  type Database,
  type SearchReplica,
} from '@jobbportalen/storage';
import type { JobSearchDocument } from '@jobbportalen/contracts';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { SEARCH_DOCUMENT_COLUMNS, toSearchDocument } from '../normalize/search-document.js';
import { outboxPageAfter, rowsAfter, trimConfirmed } from '../repositories/search-outbox.repository.js';
import { outdatedDocuments } from './document-format.js';
import { longTaskBusy } from './feed-commands.js';
import { TaskPipeline } from './meili-tasks.js';
import { stampRows } from './outbox-stamp.js';
import { fillReplica } from './reindex.js';
import type { SyncLogger } from './sync-context.js';

export interface OutboxDrainOptions {
  db: Kysely<Database>;
  /** One Meilisearch, drained from its position (tests and tools; it is never filled). */
  client?: Meilisearch;
  /**
   * Every replica the index lives on (the daemon): each is drained from its own position, and a
   * new, wiped or far-behind one is filled from Postgres first.
   */
  replicas?: readonly SearchReplica[];
  /** With `replicas`: drain (or fill) only the replica with this id; the trim still counts all. */
  only?: string;
  indexUid: string;
  /** Outbox rows per Meilisearch request. */
  batchSize?: number;
  /** Requests sent before the oldest one has to be confirmed. */
  maxInFlight?: number;
  /**
   * Rows a replica that cannot be reached may fall behind before it is marked for a rebuild
   * (and stops holding the rows back for itself).
   */
  maxBacklog?: number;
  signal?: AbortSignal;
  /**
   * Asked before each sweep: while it answers true, nothing more is sent, and the drain ends once
   * what it sent is confirmed.
   */
  paused?: () => boolean;
  /** Says why a replica is filled when it is not new or wiped (its documents' format). */
  logger?: Pick<SyncLogger, 'info'>;
}

// Meilisearch takes every request queued when it starts work as one batch, and a large batch costs
// far less per document than a small one (measured: 2,000 documents about 500/s, 8,000 about
// 900/s). Eight requests of a thousand queued give it batches of several thousand, while each
// request — the documents we build and serialise at a time — stays small for our memory.
export const DEFAULT_DRAIN_BATCH_SIZE = 1000;
export const DEFAULT_DRAIN_IN_FLIGHT = 8;
/** A replica down this many changes behind is rebuilt when back, rather than hold them all. */
export const DEFAULT_MAX_REPLICA_BACKLOG = 100_000;

/** Search documents of the live ads among `ids`, read without the raw payload they do not need. */
export async function searchDocumentsFor(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<JobSearchDocument[]> {
  const rows = await liveJobsByIds(db, ids, SEARCH_DOCUMENT_COLUMNS);
  return rows.map(toSearchDocument);
}

/** The replica a bare client stands for (its host; a stand-in without one is 'default'). */
export function replicaOfClient(client: Meilisearch): SearchReplica {
  const host = (client as { config?: { host?: string } }).config?.host;
  const id = host ? replicaId(host) : 'default';
  return { id, url: id, client };
}

/**
 * Moves pending changes from Postgres to Meilisearch: live ads are (re)written, removed ones
 * deleted.
 *
 * Positions. The drainer stamps every changed outbox row with the next position (stampOutbox);
 * each replica keeps the position up to which Meilisearch confirmed every row (search_replicas)
 * and is sent, in position order, the rows past it. A row leaves the outbox once every replica
 * still counted has confirmed it, and only if it was not changed again since it was stamped — so
 * delivery is at-least-once per replica, and a replica that is down keeps its backlog in the
 * outbox and catches up from its position when it returns. One that stays away past
 * `maxBacklog` rows is marked for rebuild: it no longer holds the outbox, and is filled from
 * Postgres (build and swap) when it answers again, as a new or wiped replica is before it takes
 * reads. Returns how many outbox rows were delivered to all (deleted).
 */
export async function drainOutbox(options: OutboxDrainOptions): Promise<number> {
  if (options.replicas) return drainReplicas(options, options.replicas);
  if (!options.client) throw new Error('drainOutbox needs a client or replicas');
  const replica = replicaOfClient(options.client);
  const { db, indexUid } = options;
  await registerReplicas(db, indexUid, [replica.id], 'live');
  const position = (await replicaPositions(db, indexUid, [replica.id])).get(replica.id)!;
  let delivered = 0;
  // One replica: what it confirmed leaves the outbox at once.
  await drainReplica(options, replica, position.confirmedSeq, async (confirmed) => {
    delivered += await trimConfirmed(db, confirmed);
  });
  return delivered;
}

async function drainReplicas(options: OutboxDrainOptions, replicas: readonly SearchReplica[]) {
  const { db, indexUid } = options;
  const ids = replicas.map((replica) => replica.id);
  await forgetReplicasExcept(db, indexUid, ids);
  // A replica seen for the first time may hold anything: it is filled before it takes reads.
  await registerReplicas(db, indexUid, ids, 'filling');
  const positions = await replicaPositions(db, indexUid, ids);

  const working = options.only ? replicas.filter((replica) => replica.id === options.only) : replicas;
  const outcomes = await Promise.allSettled(
    working.map(async (replica) => {
      const known = positions.get(replica.id)!;
      const fill =
        known.state !== 'live' ||
        (await isWiped(db, replica, indexUid)) ||
        (known.lastError !== null && (await outdatedOnReturn(options, replica)));
      if (fill) {
        options.signal?.throwIfAborted();
        if (options.paused?.()) return;
        await fillReplica({ db, replica, indexUid, ...(options.signal ? { signal: options.signal } : {}) });
        return;
      }
      // Back after failing: it may have missed a settings change meanwhile.
      if (known.lastError) await ensureJobsIndex(replica.client, indexUid);
      await drainReplica(options, replica, known.confirmedSeq, () => Promise.resolve());
      if (known.lastError) await updateReplica(db, indexUid, replica.id, { lastError: null });
    }),
  );

  const failures: unknown[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') continue;
    failures.push(outcome.reason);
    const replica = working[i]!;
    const known = (await replicaPositions(db, indexUid, [replica.id])).get(replica.id)!;
    const behind = await rowsAfter(db, known.confirmedSeq);
    const maxBacklog = options.maxBacklog ?? DEFAULT_MAX_REPLICA_BACKLOG;
    // A fill that failed starts again from scratch, and holds nothing back meanwhile.
    const rebuild = known.state === 'filling' || (known.state === 'live' && behind > maxBacklog);
    await updateReplica(db, indexUid, replica.id, {
      lastError: errorText(outcome.reason),
      ...(rebuild ? { state: 'rebuild' as const } : {}),
    });
  }

  // Rows leave once every replica that still counts has them; one marked for rebuild gets
  // them from Postgres instead.
  const after = await replicaPositions(db, indexUid, ids);
  const counted = [...after.values()].filter((position) => position.state !== 'rebuild');
  const delivered =
    counted.length > 0
      ? await trimConfirmed(db, Math.min(...counted.map((position) => position.confirmedSeq)))
      : 0;
  options.signal?.throwIfAborted();
  if (failures.length > 0 && failures.length === working.length) throw failures[0];
  return delivered;
}

/** An index that is gone, or empty while Postgres has ads: the replica was wiped or replaced. */
async function isWiped(db: Kysely<Database>, replica: SearchReplica, indexUid: string): Promise<boolean> {
  try {
    const stats = await replica.client.index(indexUid).getStats();
    return stats.numberOfDocuments === 0 && (await countLiveJobs(db)) > 0;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'index_not_found') return true;
    throw error;
  }
}

/**
 * A replica back after failing, whose documents are in an older format: it was away when the
 * indexer started and queued the rebuild for such documents (document-format.ts), so it is
 * filled now. While a rebuild is queued or running, that rebuild fills it instead.
 */
async function outdatedOnReturn(options: OutboxDrainOptions, replica: SearchReplica): Promise<boolean> {
  if (await longTaskBusy(options.db, 'reindex')) return false;
  const outdated = await outdatedDocuments(replica.client, options.indexUid);
  if (!outdated) return false;
  options.logger?.info(
    { replica: replica.id, documents: outdated.documents, lacking: outdated.lacking },
    'search documents are in an older format; refilling the replica',
  );
  return true;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

interface SentBatch {
  /** The position of the batch's last row. */
  upTo: number;
}

/**
 * Sends one replica the rows past `position`, in position order, sweeping until none is left.
 * Up to `maxInFlight` batches are sent ahead of their confirmation; a row changed while its batch
 * is in flight is stamped again, past it, and so sent again by a later sweep. Each confirmation
 * moves the replica's position and then calls `confirmed`.
 */
async function drainReplica(
  options: OutboxDrainOptions,
  replica: SearchReplica,
  position: number,
  confirmed: (position: number) => Promise<void>,
): Promise<void> {
  const { db, indexUid } = options;
  const batchSize = options.batchSize ?? DEFAULT_DRAIN_BATCH_SIZE;
  const index = replica.client.index(indexUid);
  const pipeline = new TaskPipeline<SentBatch>(
    replica.client,
    options.maxInFlight ?? DEFAULT_DRAIN_IN_FLIGHT,
    options.signal,
  );

  const confirm = async (batches: SentBatch[]) => {
    for (const batch of batches) {
      await updateReplica(db, indexUid, replica.id, { confirmedSeq: batch.upTo });
      await confirmed(batch.upTo);
    }
  };

  let sentUpTo = position;
  for (;;) {
    options.signal?.throwIfAborted();
    if (options.paused?.()) break;
    const horizon = await stampRows(db);
    const page = await outboxPageAfter(db, sentUpTo, horizon, batchSize);
    if (page.length === 0) {
      // Whatever is left is in flight (or nothing is): wait for Meilisearch, or stop.
      if (pipeline.size === 0) return;
      await confirm([await pipeline.confirmOldest()]);
      continue;
    }
    sentUpTo = page[page.length - 1]!.seq;
    const ids = page.map((row) => row.jobId);
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
    await confirm(await pipeline.add(uids, { upTo: sentUpTo }));
  }
  while (pipeline.size > 0) await confirm([await pipeline.confirmOldest()]);
}
