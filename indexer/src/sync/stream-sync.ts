import { readFeedState, updateFeedState } from '../repositories/feed-state.repository.js';
import { writeImportLog } from '../repositories/import-log.repository.js';
import { expireJobs } from './jobs-store.js';
import { RecordBatcher, type BatchTotals } from './record-batcher.js';
import type { SyncContext } from './sync-context.js';

/** Each window starts this long before the previous one ended; upserts are idempotent. */
export const STREAM_OVERLAP_MS = 5 * 60_000;

export interface StreamWindowResult extends BatchTotals {
  updatedAfter: Date;
  updatedBefore: Date;
  expired: number;
}

/**
 * Applies one stream window: everything the feed changed since the last successful window (minus
 * the overlap) up to now. The cursor moves only after the whole window was applied, so a failed
 * or cut-off window is simply fetched again next time.
 */
export async function syncStreamWindow(ctx: SyncContext): Promise<StreamWindowResult> {
  const state = await readFeedState(ctx.db);
  const updatedBefore = ctx.now();
  const cursor = state.lastCursor ?? new Date(updatedBefore.getTime() - 60 * 60_000);
  const updatedAfter = new Date(
    Math.min(cursor.getTime() - STREAM_OVERLAP_MS, updatedBefore.getTime() - 1000),
  );
  const batcher = new RecordBatcher(ctx);
  try {
    for await (const record of ctx.feed.stream({ updatedAfter, updatedBefore, signal: ctx.signal })) {
      await batcher.add(record);
    }
    await batcher.flush();
  } catch (error) {
    await batcher.flush().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    await writeImportLog(ctx.db, {
      source: 'stream',
      imported: batcher.totals.imported,
      vacancies: batcher.totals.vacancies,
      removed: batcher.totals.removed,
      error: `Strömningen misslyckades: ${message}`,
    });
    throw error;
  }
  const expired = await expireJobs(ctx.db, ctx.now());
  await updateFeedState(ctx.db, {
    lastCursor: updatedBefore,
    lastEventAt:
      batcher.totals.lastEventAt && (!state.lastEventAt || batcher.totals.lastEventAt > state.lastEventAt)
        ? batcher.totals.lastEventAt
        : state.lastEventAt,
  });
  await writeImportLog(ctx.db, {
    source: 'stream',
    imported: batcher.totals.imported,
    vacancies: batcher.totals.vacancies,
    removed: batcher.totals.removed + expired,
  });
  return { ...batcher.totals, updatedAfter, updatedBefore, expired };
}
