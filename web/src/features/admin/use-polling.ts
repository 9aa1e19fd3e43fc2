import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../lib/api-client';

export interface Polled<T> {
  /** The latest successful answer (kept while a later refresh runs). */
  data: T | null;
  /** The latest failure, cleared by the next success. */
  error: unknown;
  /** False until the first answer or failure. */
  settled: boolean;
  /** Loads now; resolves with the answer, or undefined when the load failed or was superseded. */
  refresh: () => Promise<T | undefined>;
}

/**
 * Loads once on mount and then every `intervalMs` (null = no automatic refresh; a function picks
 * the interval from the latest answer, e.g. faster while a task runs). A tick is
 * skipped while a load is still running or the tab is hidden; a manual refresh supersedes a
 * running load. Everything is aborted on unmount.
 */
export function usePolling<T>(
  load: (signal: AbortSignal) => Promise<T>,
  intervalMs: number | null | ((latest: T | null) => number | null),
): Polled<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; settled: boolean }>({
    data: null,
    error: null,
    settled: false,
  });
  const loadRef = useRef(load);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    loadRef.current = load;
  });

  const refresh = useCallback(async (): Promise<T | undefined> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    try {
      const data = await loadRef.current(controller.signal);
      if (controller.signal.aborted) return undefined;
      setState({ data, error: null, settled: true });
      return data;
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return undefined;
      setState((old) => ({ data: old.data, error, settled: true }));
      return undefined;
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  useEffect(() => {
    void refresh();
    return () => running.current?.abort();
  }, [refresh]);

  const interval = typeof intervalMs === 'function' ? intervalMs(state.data) : intervalMs;
  useEffect(() => {
    if (interval === null) return;
    const timer = window.setInterval(() => {
      if (running.current || document.hidden) return;
      void refresh();
    }, interval);
    return () => window.clearInterval(timer);
  }, [interval, refresh]);

  return { ...state, refresh };
}
