import {
  completed,
  countLiveJobs,
  ensureJobsIndex,
  liveJobsPage,
  registerReplicas,
  updateReplica,
  type Database,
  type SearchReplica,
} from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { SEARCH_DOCUMENT_COLUMNS, toSearchDocument } from '../normalize/search-document.js';
import { reportProgress } from '../repositories/feed-state.repository.js';
import { stampRows } from './outbox-stamp.js';
import { TaskPipeline } from './meili-tasks.js';

export interface ReindexOptions {
  db: Kysely<Database>;
  search: Meilisearch;
  indexUid: string;
  pageSize?: number;
  signal?: AbortSignal;
  /** Show the build's progress in the admin's Översikt (the admin's 'Indexera om'). */
  reportProgress?: boolean;
}

/**
 * Builds a fresh index from Postgres (the source of truth) beside the live one, then swaps the
 * two atomically: searches keep answering from the old index until the new one is complete.
 * The caller must hold back the outbox drainer meanwhile, so changes made during the rebuild are
 * delivered to the new index after the swap.
 */
export async function rebuildSearchIndex(options: ReindexOptions): Promise<number> {
  const { db, search, indexUid } = options;
  const pageSize = options.pageSize ?? 5000;
  const buildUid = `${indexUid}_rebuild_${Date.now()}`;
  const progress = options.reportProgress ?? true;
  const total = await countLiveJobs(db);
  if (progress) await reportProgress(db, 'reindex', 0, total);
  try {
    await ensureJobsIndex(search, indexUid);
    await ensureJobsIndex(search, buildUid);
    const index = search.index(buildUid);
    // A page is read and sent while Meilisearch indexes the previous ones.
    const pipeline = new TaskPipeline<number>(search, 2, options.signal);
    let sent = 0;
    let processed = 0;
    let after = '';
    for (;;) {
      options.signal?.throwIfAborted();
      const rows = await liveJobsPage(db, after, pageSize, SEARCH_DOCUMENT_COLUMNS);
      if (rows.length === 0) break;
      const task = await index.addDocuments(rows.map(toSearchDocument), { primaryKey: 'id' });
      sent += rows.length;
      after = rows[rows.length - 1]!.id;
      for (const confirmed of await pipeline.add([task.taskUid], sent)) {
        processed = confirmed;
        if (progress) await reportProgress(db, 'reindex', processed, Math.max(total, processed));
      }
    }
    while (pipeline.size > 0) processed = await pipeline.confirmOldest();
    await completed(search.swapIndexes([{ indexes: [indexUid, buildUid], rename: false }]));
    // After the swap the build name holds the old documents.
    await completed(search.deleteIndex(buildUid));
    return processed;
  } catch (error) {
    await search.deleteIndexIfExists(buildUid).catch(() => undefined);
    throw error;
  } finally {
    if (progress) await reportProgress(db, null);
  }
}

export interface FillOptions {
  db: Kysely<Database>;
  replica: SearchReplica;
  indexUid: string;
  signal?: AbortSignal;
  reportProgress?: boolean;
}

/**
 * Fills one replica from Postgres (build and swap) and makes it live at the outbox position
 * stamped before the build began: every change stamped up to there was committed before the build
 * read the ads, and every later one is stamped past it and drained afterwards. While it fills the
 * replica takes no reads, and its position holds the outbox's later rows for it.
 */
export async function fillReplica(options: FillOptions): Promise<number> {
  const { db, replica, indexUid } = options;
  await registerReplicas(db, indexUid, [replica.id], 'filling');
  const position = await stampRows(db);
  await updateReplica(db, indexUid, replica.id, { state: 'filling', confirmedSeq: position });
  const filled = await rebuildSearchIndex({
    db,
    search: replica.client,
    indexUid,
    reportProgress: options.reportProgress ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  await updateReplica(db, indexUid, replica.id, { state: 'live', confirmedSeq: position, lastError: null });
  return filled;
}

/**
 * The admin's 'Indexera om': every replica rebuilt from Postgres, one after the other (each build
 * takes a core). A replica that fails is marked for rebuild, so the drainer fills it once it
 * answers; the others are done regardless. The caller holds back the drainer meanwhile.
 */
export async function rebuildReplicas(
  options: Omit<FillOptions, 'replica'> & { replicas: readonly SearchReplica[] },
): Promise<number> {
  let filled = 0;
  let failure: unknown;
  for (const replica of options.replicas) {
    try {
      filled = await fillReplica({ ...options, replica, reportProgress: true });
    } catch (error) {
      failure ??= error;
      await updateReplica(options.db, options.indexUid, replica.id, {
        state: 'rebuild',
        lastError: error instanceof Error ? error.message : String(error),
      }).catch(() => undefined);
    }
  }
  if (failure) throw failure;
  return filled;
}
