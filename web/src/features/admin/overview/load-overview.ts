import type { AdminJobStats, ImportLogEntry, StreamStatus } from '@jobbportalen/contracts/api/admin-import';
import { fetchImportLog, fetchJobStats, fetchStreamStatus, IMPORT_LOG_LIMIT } from '../admin-api';

/** One part of the overview: each loads (and fails) on its own, so one failure blanks only its part. */
export type Part<T> = { ok: true; data: T } | { ok: false };

export interface Overview {
  log: Part<ImportLogEntry[]>;
  stats: Part<AdminJobStats>;
  status: Part<StreamStatus>;
}

function part<T>(result: PromiseSettledResult<T>, valid: (value: T) => boolean): Part<T> {
  return result.status === 'fulfilled' && valid(result.value)
    ? { ok: true, data: result.value }
    : { ok: false };
}

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** Loads the log, the statistics and the stream status together; never rejects except on abort. */
export async function loadOverview(signal: AbortSignal): Promise<Overview> {
  const [log, stats, status] = await Promise.allSettled([
    fetchImportLog(signal),
    fetchJobStats(signal),
    fetchStreamStatus(signal),
  ]);
  if (signal.aborted) throw new DOMException('Avbruten', 'AbortError');
  const logPart = part(log, Array.isArray);
  return {
    log: logPart.ok ? { ok: true, data: logPart.data.slice(0, IMPORT_LOG_LIMIT) } : logPart,
    stats: part(stats, isObject),
    status: part(status, isObject),
  };
}
