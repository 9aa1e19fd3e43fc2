import { FIT_IDS_LIMIT } from '@jobbportalen/contracts';
import type { AdFit } from '@jobbportalen/contracts/api/candidate-profile';
import { useEffect, useSyncExternalStore } from 'react';
import { useToken } from './auth';
import { fetchFits } from './fit-api';

/**
 * The fit of each ad asked about in this session, per token (another log-in starts afresh): paging
 * back to ads seen before asks nothing again. An ad the server left out (closed, unknown) is kept
 * as null, so it is not asked about again either.
 */
interface FitCache {
  token: string | null;
  fits: ReadonlyMap<string, AdFit | null>;
  /**
   * The last answer said the visitor has no profile. It does not stop the next list from asking:
   * a profile made meanwhile (on /dashboard, in another tab) shows with the next list.
   */
  noProfile: boolean;
}

let cache: FitCache = { token: null, fits: new Map(), noProfile: false };
const asking = new Set<string>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentCache = () => cache;
const NO_CACHE: FitCache = { token: null, fits: new Map(), noProfile: false };

const notify = () => listeners.forEach((listener) => listener());

function cacheOf(token: string): FitCache {
  if (cache.token !== token) {
    cache = { token, fits: new Map(), noProfile: false };
    asking.clear();
    notify();
  }
  return cache;
}

function remember(token: string, asked: string[], fits: AdFit[] | null): void {
  const before = cacheOf(token);
  const next = new Map(before.fits);
  if (fits) {
    for (const id of asked) next.set(id, null);
    for (const fit of fits) next.set(fit.jobId, fit);
  }
  cache = { token, fits: next, noProfile: fits === null };
  notify();
}

async function ask(token: string, ids: string[]): Promise<void> {
  ids.forEach((id) => asking.add(id));
  try {
    const fits = await fetchFits(ids);
    // Logged out or in as someone else meanwhile: the answer is not this visitor's.
    if (cache.token === token) remember(token, ids, fits);
  } catch {
    // A fit is an extra: on failure the cards show none, and the next list asks again.
  } finally {
    ids.forEach((id) => asking.delete(id));
  }
}

/**
 * Forgets every fit known: for the profile's screens to call once the profile has changed, so the
 * next list is measured against the new one.
 */
export function forgetAdFits(): void {
  cache = { token: null, fits: new Map(), noProfile: false };
  asking.clear();
  notify();
}

export type AdFitsStatus = 'anonymous' | 'no-profile' | 'ready';

export interface AdFits {
  /** 'anonymous' also on the server and while hydrating: the fit only comes in the browser after. */
  status: AdFitsStatus;
  /** The ad's fit, once it has come. */
  fitOf(id: string): AdFit | undefined;
}

/**
 * The fits of the ads on screen for a logged-in visitor, asked for once the page has hydrated,
 * one request for the list (those not already known). Nothing for anyone else: the public page
 * stays the same for every visitor.
 */
export function useAdFits(ids: readonly string[]): AdFits {
  // null on the server and in the hydrating render: the token is read in the browser only.
  const token = useToken();
  const known = useSyncExternalStore(subscribe, currentCache, () => NO_CACHE);
  const key = ids.join(',');

  useEffect(() => {
    if (!token) return;
    const { fits } = cacheOf(token);
    const missing = [...new Set(key.split(','))]
      .filter((id) => id && !fits.has(id) && !asking.has(id))
      .slice(0, FIT_IDS_LIMIT);
    if (missing.length > 0) void ask(token, missing);
  }, [token, key]);

  const mine = token !== null && known.token === token;
  return {
    status: !token ? 'anonymous' : mine && known.noProfile ? 'no-profile' : 'ready',
    fitOf: (id) => (mine ? (known.fits.get(id) ?? undefined) : undefined),
  };
}
