import { useEffect, useState } from 'react';
import { apiFetch, isAbortError } from './api-client';

export type ApiState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

type Settled<T> = { key: string; data: T; error: null } | { key: string; data: null; error: unknown };

/**
 * GETs `path` (null = skip) and re-fetches when it changes. The settled answer remembers which
 * path it belongs to, so a new path reads as loading at once without a state reset in the effect.
 */
export function useApi<T>(path: string | null, init?: () => RequestInit): ApiState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiFetch<T>(path, { ...init?.(), signal: controller.signal }).then(
      (data) => setSettled({ key: path, data, error: null }),
      (error: unknown) => {
        if (!isAbortError(error)) setSettled({ key: path, data: null, error });
      },
    );
    return () => controller.abort();
    // `init` is read once per path on purpose: callers pass inline closures (auth headers).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  if (path === null || settled === null || settled.key !== path) {
    return { status: 'loading', data: null, error: null };
  }
  return settled.error === null
    ? { status: 'success', data: settled.data as T, error: null }
    : { status: 'error', data: null, error: settled.error };
}
