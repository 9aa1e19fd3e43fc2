import type {
  AdminJobStats,
  CommandAccepted,
  ImportHistory,
  ImportLogEntry,
  StreamStatus,
} from '@jobbportalen/contracts/api/admin-import';
import type { PageViewsPerDay } from '@jobbportalen/contracts/api/analytics';
import type { AlertRunResult, AlertsOverview } from '@jobbportalen/contracts/api/saved-searches';
import type { SiteSettings, SiteSettingsUpdate } from '@jobbportalen/contracts/api/site-settings';
import { useSyncExternalStore } from 'react';
import { ApiError, request, type RequestOptions } from '../../lib/api-client';

/** The Swedish fallback when a failed admin action brings no message of its own. */
export const GENERIC_FAILURE = 'Något gick fel.';

/** The spec shows at most 7 log entries. */
export const IMPORT_LOG_LIMIT = 7;
/** The overview's charts cover the last 30 days. */
const HISTORY_DAYS = 30;

export type StreamCommand = 'start' | 'stop' | 'snapshot' | 'reindex';

/* ---- Access lost during the session -------------------------------------------------------- */

// A 403 on any admin call (the role was taken away mid-session) switches the whole area to the
// no-access page. A 401 (expired or revoked token) is the API client's: it logs out and goes to
// /login, coming back here afterwards.
let forbidden = false;
const listeners = new Set<() => void>();

function setForbidden(value: boolean): void {
  if (forbidden === value) return;
  forbidden = value;
  listeners.forEach((listener) => listener());
}

export function useAdminForbidden(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => forbidden,
    () => false,
  );
}

/** Called when the guard re-checks the session (a new token), so an old 403 does not stick. */
export const resetAdminForbidden = (): void => setForbidden(false);

/** Every admin call carries the session and reacts to a 403 as above. */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await request<T>(path, { ...options, session: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) setForbidden(true);
    throw error;
  }
}

/** The server's Swedish error text, else the spec's generic failure. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : GENERIC_FAILURE;

/* ---- Calls --------------------------------------------------------------------------------- */

export const fetchImportLog = (signal?: AbortSignal) =>
  adminRequest<ImportLogEntry[]>(`/api/admin/import-log?limit=${IMPORT_LOG_LIMIT}`, { signal });

export const fetchJobStats = (signal?: AbortSignal) =>
  adminRequest<AdminJobStats>('/api/admin/job-stats', { signal });

export const fetchStreamStatus = (signal?: AbortSignal) =>
  adminRequest<StreamStatus>('/api/admin/jobstream/status', { signal });

export const fetchImportHistory = (signal?: AbortSignal) =>
  adminRequest<ImportHistory>(`/api/admin/import-history?days=${HISTORY_DAYS}`, { signal });

export const fetchPageViews = (signal?: AbortSignal) =>
  adminRequest<PageViewsPerDay>(`/api/admin/analytics/pageviews?days=${HISTORY_DAYS}`, { signal });

/** Not from the browser cache: the editor must start from what was saved last. */
export const fetchSiteSettings = (signal?: AbortSignal) =>
  adminRequest<SiteSettings>('/api/admin/site-settings', { signal, cache: 'no-store' });

/** The server's success text: `message`, or `msg`, the other name older servers answer with. */
function successMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const { message, msg } = body as Partial<CommandAccepted> & { msg?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return fallback;
}

/** Queues a stream command; resolves with the server's Swedish confirmation. */
export async function sendStreamCommand(command: StreamCommand): Promise<string> {
  const body = await adminRequest<CommandAccepted>(`/api/admin/jobstream/${command}`, { method: 'POST' });
  return successMessage(body, 'Kommandot har skickats.');
}

export async function saveSiteSettings(settings: SiteSettingsUpdate): Promise<string> {
  const body = await adminRequest<unknown>('/api/admin/site-settings', {
    method: 'POST',
    json: settings,
  });
  return successMessage(body, 'Texterna har sparats.');
}

/* ---- Alerts and mail ----------------------------------------------------------------------- */

/** Subscriptions by frequency, mails per day, the outbox and (without SMTP) the kept mails. */
export const fetchAlertsOverview = (signal?: AbortSignal) =>
  adminRequest<AlertsOverview>('/api/admin/alerts/overview', { signal, cache: 'no-store' });

/** Runs every subscription now; resolves once the run has queued its mails. */
export const runAlertsNow = () => adminRequest<AlertRunResult>('/api/admin/alerts/run', { method: 'POST' });
