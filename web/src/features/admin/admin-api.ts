import { useSyncExternalStore } from 'react';
import { apiFetch, ApiError, jsonBody } from '../../lib/api-client';
import { authHeader, clearToken } from '../../lib/auth';

/** The Swedish fallback when a failed admin action brings no message of its own (spec §8). */
export const GENERIC_FAILURE = 'Något gick fel.';

export interface Me {
  name: string;
  email: string;
  role: string;
}

export interface ImportLogEntry {
  _id: string;
  date: string;
  imported: number;
  vacancies: number;
  removed?: number;
  source: string;
  error: string | null;
}

/** The server sends both names (spec §3: totalAds also called count, totalVacancies also vacancies). */
export interface AdminJobStats {
  totalAds?: number;
  count?: number;
  totalVacancies?: number;
  vacancies?: number;
}

export type LongTask = 'snapshot' | 'reindex';

export interface StreamProgress {
  task: LongTask;
  processed: number;
  total: number | null;
}

export interface StreamStatus {
  running: boolean;
  since: string | null;
  lastEventAt: string | null;
  lastCursor: string | null;
  lastSnapshotAt?: string | null;
  progress?: StreamProgress | null;
  pendingCommands?: number;
  pendingIndexing?: number;
}

export interface ImportHistoryDay {
  day: string;
  imported: number;
  liveAds: number;
}

export interface PageViewsDay {
  day: string;
  views: number;
}

export interface SiteSettings {
  heroTitle: string | null;
  heroSubtitle: string | null;
  ctaText: string | null;
}

export type StreamCommand = 'start' | 'stop' | 'snapshot' | 'reindex';

/* ---- Access lost during the session -------------------------------------------------------- */

// A 403 on any admin call (the role was taken away mid-session) switches the whole area to the
// no-access page; a 401 (expired or revoked token) forgets the token, and the guard sends the
// visitor to /login.
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

/** apiFetch with the admin's bearer token on every call, reacting to 401 and 403 as above. */
export async function adminFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(authHeader())) headers.set(name, value);
  try {
    return await apiFetch<T>(path, { ...init, headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearToken();
    if (error instanceof ApiError && error.status === 403) setForbidden(true);
    throw error;
  }
}

/** The server's Swedish error text, else the spec's generic failure. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : GENERIC_FAILURE;

/* ---- Calls --------------------------------------------------------------------------------- */

type Signal = AbortSignal | undefined;

export const fetchMe = (signal?: Signal) => adminFetch<Me>('/api/auth/me', { signal });

export const fetchImportLog = (signal?: Signal) =>
  adminFetch<ImportLogEntry[]>('/api/admin/import-log?limit=7', { signal });

export const fetchJobStats = (signal?: Signal) =>
  adminFetch<AdminJobStats>('/api/admin/job-stats', { signal });

export const fetchStreamStatus = (signal?: Signal) =>
  adminFetch<StreamStatus>('/api/admin/jobstream/status', { signal });

export const fetchImportHistory = (signal?: Signal) =>
  adminFetch<ImportHistoryDay[]>('/api/admin/import-history?days=30', { signal });

export const fetchPageViews = (signal?: Signal) =>
  adminFetch<PageViewsDay[]>('/api/admin/analytics/pageviews?days=30', { signal });

export const fetchSiteSettings = (signal?: Signal) =>
  adminFetch<Partial<SiteSettings> | null>('/api/admin/site-settings', { signal, cache: 'no-store' });

/** The server's success text: `message`, or `msg` from older servers (spec §7). */
function successMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const { message, msg } = body as { message?: unknown; msg?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return fallback;
}

/** Queues a stream command; resolves with the server's Swedish confirmation. */
export async function sendStreamCommand(command: StreamCommand): Promise<string> {
  const body = await adminFetch<unknown>(`/api/admin/jobstream/${command}`, { method: 'POST' });
  return successMessage(body, 'Kommandot har skickats.');
}

export async function saveSiteSettings(settings: SiteSettings): Promise<string> {
  const body = await adminFetch<unknown>('/api/admin/site-settings', {
    method: 'POST',
    ...jsonBody(settings),
  });
  return successMessage(body, 'Texterna har sparats.');
}
