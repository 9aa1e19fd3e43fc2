import { needsKnownCities, PAGE_ANSWER_PATHS, type QueryRules } from '@jobbportalen/contracts';
import type { QueryKnowledgeAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { useEffect, useState } from 'react';
import { request } from '../../../lib/api-client';
import type { EntryKnowledge, JobsRoute } from '../../../lib/jobs-url-state';
import { pageCache } from '../../../lib/page-cache';
import { prefetchedAnswer } from '../../../lib/prefetched-answers';
import { loadStringList, peekStringList, PLACES_PATH } from './string-lists';

export const QUERY_RULES_PATH = PAGE_ANSWER_PATHS.queryRules;

/**
 * The query rules, fetched once per page load. Without them (a failed call) the browser still
 * applies the entry rule, so a link opens; /api/jobs would understand more of the text.
 */
const knownFrom = (answer: QueryKnowledgeAnswer): Pick<EntryKnowledge, 'rules' | 'keptTexts'> => ({
  rules: answer.rules as QueryRules,
  keptTexts: answer.keptTexts,
});

const rules = pageCache(
  (path: string) =>
    request<QueryKnowledgeAnswer>(path)
      .then(knownFrom)
      .catch(() => ({})),
  // A failed answer in the page counts as known-to-be-missing, as a failed call would.
  (path) => {
    const answer = prefetchedAnswer(path);
    if (!answer) return undefined;
    return answer.status === 200 ? knownFrom(answer.body as QueryKnowledgeAnswer) : {};
  },
  (path) => path,
);

/** Whether a route's text is read by the query rules (any text not searched exactly). */
const needsRules = (route: JobsRoute): boolean => route.text !== undefined && !route.exact;

async function load(withPlaces: boolean, withRules: boolean): Promise<EntryKnowledge> {
  const [places, known] = await Promise.all([
    withPlaces ? loadStringList(PLACES_PATH) : Promise.resolve([]),
    withRules ? rules.load(QUERY_RULES_PATH) : Promise.resolve({}),
  ]);
  return { places, ...known };
}

/** What understanding this route's text needs, loaded only when it needs it. */
export const loadEntryKnowledge = (route: JobsRoute): Promise<EntryKnowledge> =>
  load(needsKnownCities(route) || needsRules(route), needsRules(route));

/**
 * The knowledge this route's text needs when it is at hand already (loaded earlier, or came with a
 * server-rendered page); undefined when it still has to be loaded.
 */
export function peekEntryKnowledge(route: JobsRoute): EntryKnowledge | undefined {
  const withPlaces = needsKnownCities(route) || needsRules(route);
  const places = withPlaces ? peekStringList(PLACES_PATH) : [];
  const known = needsRules(route) ? rules.peek(QUERY_RULES_PATH) : {};
  return places === undefined || known === undefined ? undefined : { places, ...known };
}

/** Everything understanding may need, for the search form: loaded on mount, usable once there. */
export function useEntryKnowledge(): EntryKnowledge {
  const [knowledge, setKnowledge] = useState<EntryKnowledge>(() => ({
    places: [],
    ...(rules.peek(QUERY_RULES_PATH) ?? {}),
  }));
  useEffect(() => {
    let active = true;
    void load(true, true).then((loaded) => {
      if (active) setKnowledge(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return knowledge;
}
