import { useSearch } from 'wouter';
import { readNewSince, withNewSince } from '../../lib/new-ads-marker';

/**
 * The 'Ny' marker's moment rides along in /jobb's address ('nya', see lib/new-ads-marker) without
 * being part of the search: the URL router and the entry rule write the search's own URL, and this
 * puts the marker back, so refining or paging an opened saved search keeps marking its new ads.
 */
export function keepNewSince(href: string): string {
  const since = readNewSince(window.location.search);
  return since === null ? href : withNewSince(href, since);
}

/** The marker's moment in the address now (unix seconds), or null: re-renders when the URL changes. */
export function useNewSince(): number | null {
  return readNewSince(useSearch());
}
