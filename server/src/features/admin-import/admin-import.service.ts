import {
  countPendingFeedCommands,
  importedPerStockholmDay,
  latestImportLog,
  longTaskBusy,
  outboxSize,
  queueFeedCommand,
  readFeedState,
  type LongTask,
} from '@jobbportalen/indexer';
import {
  liveJobsAtEndOfStockholmDays,
  liveJobStats,
  type Database,
  type FeedCommand,
} from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { conflict } from '../../errors.js';
import type { AdminJobStats, ImportHistory, ImportLogEntry, StreamStatus } from './admin-import.schemas.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const COMMAND_MESSAGES: Record<FeedCommand, string> = {
  start: 'Importen har startats.',
  stop: 'Importen har stoppats.',
  snapshot: 'En fullständig import (snapshot) har startats.',
  reindex: 'Omindexeringen har startats. Sökningen fungerar som vanligt under tiden.',
};

const BUSY_MESSAGES: Record<LongTask, string> = {
  snapshot: 'En fullständig import pågår redan. Vänta tills den är klar.',
  reindex: 'En omindexering pågår redan. Vänta tills den är klar.',
};

/** The newest `limit` runs of the import, newest first. */
export async function importLog(db: Kysely<Database>, limit: number): Promise<ImportLogEntry[]> {
  const rows = await latestImportLog(db, limit);
  return rows.map((row) => ({
    _id: String(row.id),
    date: row.date.toISOString(),
    imported: row.imported,
    vacancies: row.vacancies,
    removed: row.removed,
    source: row.source,
    error: row.error,
  }));
}

export async function jobStats(db: Kysely<Database>): Promise<AdminJobStats> {
  const stats = await liveJobStats(db);
  return {
    totalAds: stats.ads,
    count: stats.ads,
    totalVacancies: stats.vacancies,
    vacancies: stats.vacancies,
  };
}

/**
 * Per Stockholm day over the last `days` days, oldest first: ads written by imports, and ads live
 * at the end of the day.
 */
export async function importHistory(db: Kysely<Database>, days: number): Promise<ImportHistory> {
  const [live, imported] = await Promise.all([
    liveJobsAtEndOfStockholmDays(db, days),
    importedPerStockholmDay(db, days),
  ]);
  return live.map(({ day, liveAds }) => ({ day, imported: imported.get(day) ?? 0, liveAds }));
}

export async function streamStatus(db: Kysely<Database>): Promise<StreamStatus> {
  const [state, pendingCommands, pendingIndexing] = await Promise.all([
    readFeedState(db),
    countPendingFeedCommands(db),
    outboxSize(db),
  ]);
  const task: LongTask | null =
    state.progressTask === 'snapshot' || state.progressTask === 'reindex' ? state.progressTask : null;
  return {
    running: state.running,
    since: iso(state.since),
    lastEventAt: iso(state.lastEventAt),
    lastCursor: iso(state.lastCursor),
    lastSnapshotAt: iso(state.lastSnapshotAt),
    progress: task ? { task, processed: state.progressProcessed ?? 0, total: state.progressTotal } : null,
    pendingCommands,
    pendingIndexing,
  };
}

/**
 * Queues an admin command for the indexer, in this process or its own: the queue's NOTIFY wakes
 * whichever listens. A snapshot or reindex is refused while one is running or waiting. Returns the
 * Swedish confirmation.
 */
export async function queueImportCommand(
  db: Kysely<Database>,
  command: FeedCommand,
  requestedBy: string | null,
): Promise<string> {
  if ((command === 'snapshot' || command === 'reindex') && (await longTaskBusy(db, command))) {
    throw conflict(BUSY_MESSAGES[command]);
  }
  await queueFeedCommand(db, command, requestedBy);
  return COMMAND_MESSAGES[command];
}
