import { createContext, useContext, useSyncExternalStore } from 'react';
import { JOBS_PATH } from './jobs-url-state';

/**
 * The way back from an ad to the search it was opened from. A link to an ad in a list of search
 * results carries the search's exact address (its text, filters and page) in the history entry it
 * pushes — not in the ad's URL, which stays the one shared, cached address of the ad. The ad page
 * then offers '← Tillbaka till sökningen' to that address. An ad opened any other way (a shared
 * link, the start page, a new tab) has none and keeps '← Alla lediga jobb'.
 */

/** The key of the search's address in the ad's history entry (history.state). */
const STATE_KEY = 'searchOrigin';

/**
 * The address of the search a list of ads belongs to, for the links to those ads; null where the
 * ads are not search results (the start page, the dashboard).
 */
export const SearchOriginContext = createContext<string | null>(null);

/** The history state a link to an ad carries from within `origin`'s results (wouter's Link `state`). */
export function useAdLinkState(): Record<string, string> | undefined {
  const origin = useContext(SearchOriginContext);
  return origin === null ? undefined : { [STATE_KEY]: origin };
}

/**
 * A search address of ours, or null: /jobb with or without a query, never another path (an ad,
 * another site, a protocol-relative '//host'). history.state is ours to write, but any script of
 * the same origin can too, and a link is only built from what this accepts.
 */
export function searchOriginOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[STATE_KEY];
  if (typeof value !== 'string' || value.length > 2000) return null;
  const rest = value.slice(JOBS_PATH.length);
  return value.startsWith(JOBS_PATH) && (rest === '' || rest.startsWith('?')) ? value : null;
}

const noSubscription = () => () => undefined;

/**
 * The search the ad page was opened from, read from its history entry: null on the server and in
 * the render that hydrates its HTML (which cannot know it), the address right after. An ad page's
 * entry never changes while it is shown (a new entry is a new page), so nothing is subscribed to.
 */
export function useSearchOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => searchOriginOf(window.history.state),
    () => null,
  );
}
