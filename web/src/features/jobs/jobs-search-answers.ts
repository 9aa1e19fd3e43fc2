import type { JobsRoute } from '../../lib/jobs-url-state';
import { alsoMentionsQueryOf, asksAlsoMentions, fetchAlsoMentions } from './api/also-mentions';
import { countsQueryOf, fetchFilterCounts } from './api/filter-counts';
import { routeToUiState, uiStateToRoute } from './jobs-state-mapping';

/**
 * The answers a /jobb page reads besides its search, once its address is resolved: the filters'
 * counts (condition-filters.tsx) and, for a text, what widening it would add (also-mentions.tsx).
 * Their paths are the ones those components ask for, from the route InstantSearch's state gives back.
 */
export function jobsSearchAnswerPaths(entryRoute: JobsRoute): string[] {
  const route = uiStateToRoute(routeToUiState(entryRoute));
  return [
    fetchFilterCounts.pathOf(countsQueryOf(route)),
    ...(asksAlsoMentions(route) ? [fetchAlsoMentions.pathOf(alsoMentionsQueryOf(route))] : []),
  ];
}
