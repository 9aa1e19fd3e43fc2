import { countLiveJobs, liveJobIdsWrittenBefore } from '@jobbportalen/storage';
import { readFeedState, reportProgress, updateFeedState } from '../repositories/feed-state.repository.js';
import { writeImportLog } from '../repositories/import-log.repository.js';
import { expireJobs, markRemovedBulk } from './jobs-store.js';
import { RecordBatcher, type BatchTotals } from './record-batcher.js';
import type { SyncContext } from './sync-context.js';

/** A complete snapshot may retire at most this share of the live ads in one run. */
export const MAX_REMOVAL_SHARE = 0.25;

export interface SnapshotResult extends BatchTotals {
  complete: boolean;
  retired: number;
  /** Set when the safety floor stopped the retirement of missing ads. */
  retirementBlocked: boolean;
}

const PROGRESS_EVERY_MS = 500;

/**
 * Imports a full snapshot. Ads are written as they stream in (idempotent upserts), so a crash
 * midway loses nothing that a rerun will not redo. Only a snapshot that arrived complete may
 * retire the live ads it did not contain — and never more than MAX_REMOVAL_SHARE of them at once,
 * since a feed that suddenly sends a fraction of its ads is far more likely broken than right.
 */
export async function importSnapshot(ctx: SyncContext): Promise<SnapshotResult> {
  // Two clocks: the feed's (for the stream cursor) and ours (rows' updatedAt, written with ours).
  const startedAt = ctx.now();
  const writesBefore = new Date();
  const liveBefore = await countLiveJobs(ctx.db);
  await reportProgress(ctx.db, 'snapshot', 0, liveBefore || null);
  const batcher = new RecordBatcher(ctx, { trackSeen: true });
  let lastProgress = 0;
  try {
    for await (const record of ctx.feed.snapshot({ signal: ctx.signal })) {
      await batcher.add(record);
      if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        const processed = batcher.totals.records;
        await reportProgress(ctx.db, 'snapshot', processed, Math.max(processed, liveBefore) || null);
      }
    }
    await batcher.flush();
  } catch (error) {
    // What was written stays (it is valid feed data); nothing is retired on an incomplete snapshot.
    await batcher.flush().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    ctx.logger.error({ err: error, records: batcher.totals.records }, 'snapshot import failed');
    await writeImportLog(ctx.db, {
      source: 'snapshot',
      imported: batcher.totals.imported,
      vacancies: batcher.totals.vacancies,
      error: `Ofullständig snapshot: ${message}`,
    });
    await reportProgress(ctx.db, null);
    throw error;
  }

  // Complete: retire live ads the snapshot no longer has (written before it began).
  const missing: string[] = [];
  for await (const page of liveJobIdsWrittenBefore(ctx.db, writesBefore)) {
    for (const id of page) if (!batcher.seenAdIds.has(id)) missing.push(id);
  }
  const retirementBlocked = liveBefore > 0 && missing.length > MAX_REMOVAL_SHARE * liveBefore;
  let retired = 0;
  if (retirementBlocked) {
    ctx.logger.warn(
      { missing: missing.length, liveBefore },
      'snapshot lacks more than the allowed share of live ads: nothing retired',
    );
  } else {
    for (let i = 0; i < missing.length; i += ctx.batchSize) {
      retired += await markRemovedBulk(ctx.db, missing.slice(i, i + ctx.batchSize), ctx.now());
    }
  }
  const expired = await expireJobs(ctx.db, ctx.now());

  const state = await readFeedState(ctx.db);
  await updateFeedState(ctx.db, {
    lastSnapshotAt: startedAt,
    // The stream continues from the moment the snapshot was taken.
    lastCursor: state.lastCursor && state.lastCursor > startedAt ? state.lastCursor : startedAt,
    lastEventAt: batcher.totals.lastEventAt ?? state.lastEventAt,
    progressTask: null,
    progressProcessed: null,
    progressTotal: null,
  });
  await writeImportLog(ctx.db, {
    source: 'snapshot',
    imported: batcher.totals.imported,
    vacancies: batcher.totals.vacancies,
    removed: retired + expired + batcher.totals.removed,
    error: retirementBlocked
      ? `Borttagning stoppad: ${missing.length} av ${liveBefore} annonser saknades (mer än ${MAX_REMOVAL_SHARE * 100} %).`
      : null,
  });
  return { ...batcher.totals, complete: true, retired, retirementBlocked };
}
