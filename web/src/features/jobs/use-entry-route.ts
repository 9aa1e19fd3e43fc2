import { useEffect, useState } from 'react';
import { loadEntryKnowledge } from './api/query-knowledge';
import { currentUrl } from './jobs-url-router';
import { keepNewSince } from './new-since';
import { rememberInterpretation } from './query-interpretation-store';
import { jobsHref, parseJobsQuery, understandEntryRoute } from '../../lib/jobs-url-state';

/**
 * Resolves the spec's entry rule before InstantSearch reads the URL: a `search` naming a main
 * category or a known place becomes that filter, and a text typed the way Swedes type it
 * ('lärarjobb malmö') is understood, as /api/jobs reads the same query. The address
 * bar is corrected in place (no new history entry), so back/forward and the URL router only ever
 * see the resolved form. Returns false until that is done.
 */
export function useEntryRouteResolved(): boolean {
  const [resolved, setResolved] = useState(false);

  useEffect(() => {
    let active = true;
    const entry = parseJobsQuery(window.location.search);
    void loadEntryKnowledge(entry).then((knowledge) => {
      if (!active) return;
      const { route, interpretation } = understandEntryRoute(entry, knowledge);
      rememberInterpretation(route, interpretation);
      const href = keepNewSince(jobsHref(route));
      if (href !== currentUrl()) window.history.replaceState(window.history.state, '', href);
      setResolved(true);
    });
    return () => {
      active = false;
    };
  }, []);

  return resolved;
}
