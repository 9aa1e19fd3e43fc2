import type { InstantMeiliSearchInstance } from '@meilisearch/instant-meilisearch';
import type { UiState } from 'instantsearch.js';
import InstantSearch from 'instantsearch.js/es/lib/InstantSearch.js';
import { getInitialResults, waitForResults } from 'instantsearch.js/es/lib/server.js';
import type { InstantSearchServerState } from 'react-instantsearch';
import type { JobsRoute } from '../../lib/jobs-url-state';
import { routeToUiState } from './jobs-state-mapping';
import { jobsSearchSnapshot, type JobsSearchSnapshot } from './jobs-search-snapshot';
import { allWidgets, jobsSearchWidgets } from './jobs-search-widgets';

/**
 * Server: the first search of a /jobb page, run before its one render. A headless InstantSearch
 * with the page's search widgets (jobs-search-widgets.ts) and the UI state of the page's resolved
 * address asks the search client what the page's widgets would ask; its results, in the form
 * InstantSearch's server rendering hands over (`initialResults`), let the page render once with
 * them and let the browser hydrate without searching again. getServerState would find the same by
 * rendering the whole page first, which cost about as much as the render itself. The same search
 * gives the snapshot the page is rendered from (jobs-search-snapshot.ts).
 */
export async function jobsInitialResults(
  indexName: string,
  route: JobsRoute,
  searchClient: InstantMeiliSearchInstance,
): Promise<{ serverState: InstantSearchServerState; snapshot: JobsSearchSnapshot }> {
  const uiState = routeToUiState(route);
  const search = new InstantSearch({
    indexName,
    searchClient,
    initialUiState: { [indexName]: uiState } as UiState,
    future: { preserveSharedStateOnUnmount: true },
  });
  // As react-instantsearch does on the server: no search is scheduled by starting; waitForResults
  // sends the one search.
  search._initialResults = {};
  search._manuallyResetScheduleSearch = true;
  const widgets = jobsSearchWidgets();
  search.addWidgets(allWidgets(widgets));
  search.start();
  try {
    const requestParams = await waitForResults(search, true);
    // The results as the browser will be handed them, before the page's widgets read them.
    const serverState = { initialResults: getInitialResults(search.mainIndex, requestParams) };
    return { serverState, snapshot: jobsSearchSnapshot(search, widgets, uiState) };
  } finally {
    search.dispose();
  }
}
