import {
  completed,
  countLiveJobs,
  ensureJobsIndex,
  liveJobsPage,
  type Database,
} from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { SEARCH_DOCUMENT_COLUMNS, toSearchDocument } from '../normalize/search-document.js';
import { reportProgress } from '../repositories/feed-state.repository.js';
import { TaskPipeline } from './meili-tasks.js';

export interface ReindexOptions {
  db: Kysely<Database>;
  search: Meilisearch;
  indexUid: string;
  pageSize?: number;
  signal?: AbortSignal;
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
  const total = await countLiveJobs(db);
  await reportProgress(db, 'reindex', 0, total);
  try {
    await ensureJobsIndex(search, indexUid);
    await ensureJobsIndex(search, buildUid);
    const index = search.index(buildUid);
    // A page is read and sent while Meilisearch indexes the previous ones.
    const pipeline = new TaskPipeline<number>(search, 2);
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
        await reportProgress(db, 'reindex', processed, Math.max(total, processed));
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
    await reportProgress(db, null);
  }
}
