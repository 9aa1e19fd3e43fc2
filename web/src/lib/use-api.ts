import { useEffect, useState } from 'react';
import { answerValue, isAbortError } from './api-client';
import { prefetchedAnswer } from './prefetched-answers';

export type ApiState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

type Param = string | number;
type Call<T> = (...args: never[]) => Promise<T>;

type Settled<T> =
  | { call: Call<T>; param: Param | undefined; data: T; error: null }
  | { call: Call<T>; param: Param | undefined; data: null; error: unknown };

/**
 * Runs a typed API call from a feature's `*-api.ts` (e.g. `useApi(fetchSavedJobs)`,
 * `useApi(fetchJob, id)`) and runs it again when the call or its parameter changes; the previous
 * one is aborted. The settled answer remembers what it answered, so a new parameter reads as
 * loading at once without a state reset in the effect.
 */
export function useApi<T>(call: (signal: AbortSignal) => Promise<T>): ApiState<T>;
export function useApi<T, P extends Param>(
  call: (param: P, signal: AbortSignal) => Promise<T>,
  param: P,
): ApiState<T>;
export function useApi<T>(call: Call<T>, param?: Param): ApiState<T> {
  // A server-rendered page came with this answer: start from it, as the server's render did.
  const [settled, setSettled] = useState<Settled<T> | null>(() => prefetched(call, param));

  useEffect(() => {
    if (settled !== null && settled.call === call && settled.param === param) return;
    const controller = new AbortController();
    const answer =
      param === undefined
        ? (call as (signal: AbortSignal) => Promise<T>)(controller.signal)
        : (call as (param: Param, signal: AbortSignal) => Promise<T>)(param, controller.signal);
    answer.then(
      (data) => setSettled({ call, param, data, error: null }),
      (error: unknown) => {
        if (!isAbortError(error)) setSettled({ call, param, data: null, error });
      },
    );
    return () => controller.abort();
    // `settled` is read only to skip a call whose answer came with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, param]);

  if (settled === null || settled.call !== call || settled.param !== param) {
    return { status: 'loading', data: null, error: null };
  }
  return settled.error === null
    ? { status: 'success', data: settled.data as T, error: null }
    : { status: 'error', data: null, error: settled.error };
}

/** The answer the page came with for this call, for calls whose path is known (publicGet). */
function prefetched<T>(call: Call<T>, param: Param | undefined): Settled<T> | null {
  const pathOf = (call as { pathOf?: (param: Param | undefined) => string }).pathOf;
  const answer = pathOf ? prefetchedAnswer(pathOf(param)) : undefined;
  if (!answer) return null;
  try {
    return { call, param, data: answerValue<T>(answer), error: null };
  } catch (error) {
    return { call, param, data: null, error };
  }
}
