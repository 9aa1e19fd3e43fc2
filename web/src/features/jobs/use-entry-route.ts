import { needsKnownCities } from '@jobbportalen/contracts';
import { useEffect, useState } from 'react';
import { loadStringList, PLACES_PATH } from './api/string-lists';
import { currentUrl } from './jobs-url-router';
import { keepNewSince } from './new-since';
import { jobsHref, parseJobsQuery, resolveEntryRoute } from '../../lib/jobs-url-state';

/**
 * Resolves the spec's entry rule before InstantSearch reads the URL: a `search` naming a main
 * category or a known place becomes that filter, as /api/jobs reads the same query. The address
 * bar is corrected in place (no new history entry), so back/forward and the URL router only ever
 * see the resolved form. Returns false until that is done.
 */
export function useEntryRouteResolved(): boolean {
  const [resolved, setResolved] = useState(false);

  useEffect(() => {
    let active = true;
    const entry = parseJobsQuery(window.location.search);
    const places = needsKnownCities(entry) ? loadStringList(PLACES_PATH) : Promise.resolve([]);
    void places.then((knownPlaces) => {
      if (!active) return;
      const href = keepNewSince(jobsHref(resolveEntryRoute(entry, knownPlaces)));
      if (href !== currentUrl()) window.history.replaceState(window.history.state, '', href);
      setResolved(true);
    });
    return () => {
      active = false;
    };
  }, []);

  return resolved;
}
