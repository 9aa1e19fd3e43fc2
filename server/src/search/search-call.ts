import { runReadAttempt, type ReadAttempt } from '@jobbportalen/storage';
import { serviceUnavailable } from '../errors.js';

/** How long one search may take before the caller gets a 503 instead of waiting on. */
export const SEARCH_TIMEOUT_MS = 10_000;

/** An abort signal that ends a search call after SEARCH_TIMEOUT_MS. */
export const searchTimeout = () => ({ signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS) });

/** An unreachable, broken or unconfigured Meilisearch is a 503 for the client; anything else a bug. */
export function isSearchUnavailable(error: unknown): boolean {
  const failure = error as { name?: string; response?: { status?: number }; cause?: { code?: string } };
  if (failure?.name === 'MeilisearchRequestError' || failure?.name === 'MeilisearchRequestTimeOutError')
    return true;
  if (failure?.name === 'AbortError' || failure?.name === 'TimeoutError') return true;
  if (failure?.name !== 'MeilisearchApiError') return false;
  return (failure.response?.status ?? 500) >= 500 || failure.cause?.code === 'index_not_found';
}

/**
 * Runs a Meilisearch call; an unavailable search engine becomes the API's Swedish 503.
 *
 * With several replicas the call's `engine.client` is the replica the engine's read router chose
 * for it (see ReadAttempt); when that one is unreachable, times out, fails with a 5xx or has lost
 * its index, the same call runs once more on another replica, so losing one costs no search.
 */
export async function searchCall<T>(call: () => Promise<T>): Promise<T> {
  const attempt: ReadAttempt = { tried: new Set() };
  try {
    return await runReadAttempt(attempt, call);
  } catch (error) {
    if (!isSearchUnavailable(error)) throw error;
    const { router, replica } = attempt;
    if (router && replica) {
      router.failed(replica);
      attempt.tried.add(replica.id);
      if (router.hasAlternative(attempt.tried)) {
        attempt.replica = undefined;
        try {
          return await runReadAttempt(attempt, call);
        } catch (retryError) {
          if (!isSearchUnavailable(retryError)) throw retryError;
          if (attempt.replica) router.failed(attempt.replica);
        }
      }
    }
    throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
  }
}
