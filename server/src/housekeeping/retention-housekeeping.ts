import { DAY_MS } from '@jobbportalen/contracts';
import type { HousekeepingKind } from '@jobbportalen/contracts/api/housekeeping';
import { deleteFinishedCommandsBefore, deleteImportLogBefore } from '@jobbportalen/indexer';
import { clearClosedJobPayloads, deleteClosedJobs, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { RetentionConfig } from '../config.js';
import { deleteKeptMailsBefore } from '../mail/kept-mails.js';
import { deleteOldMails } from '../mail/mail-outbox.repository.js';
import { deleteResolvedReportsBefore } from '../features/ad-reports/ad-reports.repository.js';
import { deleteSentSetBefore } from '../features/alerts/alert-run.repository.js';
import {
  deleteHousekeepingRunsBefore,
  finishHousekeepingRun,
  insertHousekeepingRun,
  type DeletedCounts,
} from './housekeeping-runs.repository.js';

/** How often the indexer runs it (and once when it takes the lock). */
export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;
/**
 * Rows per statement: each batch is its own short transaction, so half a million old rows never
 * hold a lock for long, and PGlite (which keeps the memory its largest statement needed) stays small.
 */
export const HOUSEKEEPING_BATCH_SIZE = 1000;

/** Told how much each run deleted per kind (the portal's metrics). */
export interface HousekeepingObserver {
  deleted(kind: HousekeepingKind, count: number): void;
}

export interface RetentionHousekeepingOptions {
  db: Kysely<Database>;
  retention: Readonly<RetentionConfig>;
  /** $DATA_DIR: its mail folder holds the .eml files kept in place of SMTP. */
  dataDir: string;
  /** The run's moment: every period is counted back from it (tests move it). */
  now: Date;
  batchSize?: number;
  /** Stops between batches: a stopping indexer does not wait for the whole run. */
  signal?: AbortSignal;
  observer?: HousekeepingObserver;
}

export interface HousekeepingOutcome {
  deleted: DeletedCounts;
  /** The kinds that failed and why; null when none did (the others still ran). */
  error: string | null;
}

/** One kind's deletion: `before` the kind's cut-off, at most `limit` rows; returns how many. */
type BatchDeletion = (db: Kysely<Database>, before: Date, limit: number) => Promise<number>;

/**
 * Deletes what is kept past its period (config.retention), kind by kind, and records the run in
 * housekeeping_runs. A closed ad's raw payload goes first (after closedAdPayloadDays), its row
 * later (closedAdDays) unless a user still needs it (deleteClosedJobs). A kind that fails is
 * recorded and the others still run: one broken table must not keep personal data in the rest.
 */
export async function runRetentionHousekeeping(
  options: RetentionHousekeepingOptions,
): Promise<HousekeepingOutcome> {
  const { db, retention, now } = options;
  const limit = options.batchSize ?? HOUSEKEEPING_BATCH_SIZE;
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const steps: [HousekeepingKind, () => Promise<number>][] = [];
  const inBatches = (kind: HousekeepingKind, days: number, deletion: BatchDeletion) =>
    steps.push([kind, () => deleteInBatches(db, before(days), limit, deletion, options.signal)]);

  inBatches('importLog', retention.importLogDays, deleteImportLogBefore);
  inBatches('closedAdPayloads', retention.closedAdPayloadDays, clearClosedJobPayloads);
  // Resolved reports before the ads: an ad's deletion would take them along uncounted.
  inBatches('resolvedReports', retention.resolvedReportDays, deleteResolvedReportsBefore);
  inBatches('closedAds', retention.closedAdDays, deleteClosedJobs);
  inBatches('feedControl', retention.feedControlDays, deleteFinishedCommandsBefore);
  inBatches('alertSent', retention.alertSentDays, deleteSentSetBefore);
  inBatches('mails', retention.mailDays, deleteOldMails);
  steps.push(['mailFiles', () => deleteKeptMailsBefore(options.dataDir, before(retention.mailDays))]);
  // Its own record is an operations log like the import log, and is kept as long.
  inBatches('housekeepingRuns', retention.importLogDays, deleteHousekeepingRunsBefore);

  const startedMs = Date.now();
  const runId = await insertHousekeepingRun(db, now);
  const deleted: DeletedCounts = {};
  const errors: string[] = [];
  for (const [kind, step] of steps) {
    if (options.signal?.aborted) break;
    try {
      deleted[kind] = await step();
      options.observer?.deleted(kind, deleted[kind]);
    } catch (error) {
      errors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const error = errors.length > 0 ? errors.join('; ') : null;
  // On the run's clock (tests move it): its start plus the time it took.
  const finishedAt = new Date(now.getTime() + (Date.now() - startedMs));
  await finishHousekeepingRun(db, runId, { finishedAt, deleted, error });
  return { deleted, error };
}

async function deleteInBatches(
  db: Kysely<Database>,
  before: Date,
  limit: number,
  deletion: BatchDeletion,
  signal: AbortSignal | undefined,
): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await deletion(db, before, limit);
    total += count;
    if (count < limit || signal?.aborted) return total;
  }
}
