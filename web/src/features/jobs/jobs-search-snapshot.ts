import type { InstantSearch, RenderOptions, Widget } from 'instantsearch.js';
import { createRenderArgs } from 'instantsearch.js/es/lib/utils/render-args.js';
import type { useHits, useInstantSearch, usePagination, useSearchBox } from 'react-instantsearch';
import type { JobConditionsRenderState } from './job-conditions-connector';
import type { JobsUiState } from './jobs-state-mapping';
import type { JobsSearchWidgets } from './jobs-search-widgets';
import type { JobHit } from './results-widgets';
import type { TitleOnlyRenderState } from './title-only-connector';

/**
 * What /jobb's components read from InstantSearch, as the browser's first render reads it: the
 * server renders the page from this instead of starting an InstantSearch of its own in the render
 * (that instance, its helper and a widget per hook cost more than the rest of the page together).
 * Taken from the headless search the server already runs for the page's first results
 * (jobs-initial-results.ts), widget by widget, by the render arguments InstantSearch gives a widget.
 * The browser hydrates with InstantSearch from the same results, so both must give the same HTML:
 * web/e2e/server-rendering.test.ts holds them equal, page for page.
 */
export interface JobsSearchSnapshot {
  /** The routing's state of the address, as InstantSearch reads it before any widget has mounted. */
  indexUiState: JobsUiState;
  results: ReturnType<typeof useInstantSearch>['results'];
  status: InstantSearch['status'];
  hits: ReturnType<typeof useHits<JobHit>>;
  pagination: ReturnType<typeof usePagination>;
  searchBox: ReturnType<typeof useSearchBox>;
  jobConditions: JobConditionsRenderState;
  titleOnly: TitleOnlyRenderState;
}

/** A widget's render state without its parameters, as react-instantsearch's hooks return it. */
function renderStateOf<State>(search: InstantSearch, widget: Widget): State {
  // A search widget's arguments (recommendation results, in their union, are for other widgets).
  const args = createRenderArgs(search, search.mainIndex, widget) as RenderOptions;
  const { widgetParams: _params, ...state } = widget.getWidgetRenderState!(args) as {
    widgetParams?: unknown;
  };
  return state as State;
}

/**
 * The snapshot of a started headless search whose first results have come (waitForResults);
 * `indexUiState` is the state it was started with, the routing's state of the page's address.
 */
export function jobsSearchSnapshot(
  search: InstantSearch,
  widgets: JobsSearchWidgets,
  indexUiState: JobsUiState,
): JobsSearchSnapshot {
  return {
    indexUiState,
    results: search.mainIndex.getResults()!,
    status: search.status,
    hits: renderStateOf(search, widgets.hits as Widget),
    pagination: renderStateOf(search, widgets.pagination as Widget),
    searchBox: renderStateOf(search, widgets.searchBox as Widget),
    jobConditions: renderStateOf(search, widgets.jobConditions as Widget),
    titleOnly: renderStateOf(search, widgets.titleOnly as Widget),
  };
}
