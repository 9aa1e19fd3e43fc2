import type { QueryInterpretation } from '@jobbportalen/contracts';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { loadEntryKnowledge, peekEntryKnowledge } from './api/query-knowledge';
import { currentUrl } from './jobs-url-router';
import { keepNewSince } from './new-since';
import { rememberInterpretation } from './query-interpretation-store';
import { jobsHref, parseJobsQuery, understandEntryRoute, type JobsRoute } from '../../lib/jobs-url-state';

/** The search a /jobb address means, and how its typed text was understood (if it was rewritten). */
export interface EntryRoute {
  route: JobsRoute;
  interpretation?: QueryInterpretation;
}

/**
 * The search a /jobb query string means, when the knowledge its text needs is at hand (loaded
 * earlier, or the answers a server render has); null when that still has to be loaded.
 */
export function entryRouteAtHand(search: string): EntryRoute | null {
  const asked = parseJobsQuery(search);
  const knowledge = peekEntryKnowledge(asked);
  return knowledge ? understandEntryRoute(asked, knowledge) : null;
}

/**
 * Resolves the spec's entry rule before InstantSearch reads the URL: a `search` naming a main
 * category or a known place becomes that filter, and a text typed the way Swedes type it
 * ('lärarjobb malmö') is understood, as /api/jobs reads the same query. When the knowledge that
 * needs came with a server-rendered page it is resolved in the first render (on the server and in
 * the browser alike), otherwise once it has loaded. The address bar is then corrected in place (no
 * new history entry), so back/forward and the URL router only ever see the resolved form. Returns
 * null until resolved.
 */
export function useEntryRoute(): EntryRoute | null {
  const search = useSearch();
  const [entry, setEntry] = useState<EntryRoute | null>(() => entryRouteAtHand(search));

  useEffect(() => {
    let active = true;
    const settle = ({ route, interpretation }: EntryRoute): void => {
      rememberInterpretation(route, interpretation);
      const href = keepNewSince(jobsHref(route));
      if (href !== currentUrl()) window.history.replaceState(window.history.state, '', href);
    };
    if (entry) {
      settle(entry);
    } else {
      const asked = parseJobsQuery(window.location.search);
      void loadEntryKnowledge(asked).then((knowledge) => {
        if (!active) return;
        const resolved = understandEntryRoute(asked, knowledge);
        settle(resolved);
        setEntry(resolved);
      });
    }
    return () => {
      active = false;
    };
    // Once per visit of /jobb: later changes of the address are InstantSearch's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return entry;
}
