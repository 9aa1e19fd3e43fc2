import { describeInterpretation, type QueryInterpretation as Interpretation } from '@jobbportalen/contracts';
import type { MouseEvent } from 'react';
import { useExactWidget, useJobsSearch } from '../jobs-search-hooks';
import { routeToUiState, uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { useInterpretationOf } from '../query-interpretation-store';
import { jobsHref, type JobsRoute } from '../../../lib/jobs-url-state';
import './query-help.css';

/** The search exactly as typed: the understood parts taken back out, the typed text searched as is. */
export function exactRouteOf(route: JobsRoute, interpretation: Interpretation): JobsRoute {
  const { page: _page, ...exact } = route;
  for (const name of ['mainCategory', 'city', 'extent', 'form'] as const) {
    if (interpretation[name] !== undefined) delete exact[name];
  }
  return { ...exact, text: interpretation.typed, exact: true };
}

/**
 * 'Visar jobb som lärare i Malmö' above the results when the typed text was understood as
 * something else, with one link to search exactly what was typed ('Sök exakt på ”lärarjobb
 * malmö”'). It also keeps the `exact` flag in the search state, so it is mounted on every view.
 */
export function QueryInterpretation() {
  useExactWidget();
  const { indexUiState, setIndexUiState } = useJobsSearch();
  const route = uiStateToRoute(indexUiState as JobsUiState);
  const remembered = useInterpretationOf(route);
  const interpretation = route.exact ? undefined : remembered;
  if (!interpretation) return null;

  const exact = exactRouteOf(route, interpretation);
  const searchExactly = (event: MouseEvent<HTMLAnchorElement>): void => {
    // A plain click stays in the page's search; a modified one opens the link as links do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setIndexUiState(routeToUiState(exact));
  };

  return (
    <p className="query-interpretation">
      <span>{describeInterpretation(interpretation)}.</span>{' '}
      <a href={jobsHref(exact)} onClick={searchExactly}>
        Sök exakt på ”{interpretation.typed}”
      </a>
    </p>
  );
}
