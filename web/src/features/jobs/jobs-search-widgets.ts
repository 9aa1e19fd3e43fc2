import type { Widget } from 'instantsearch.js';
import {
  connectConfigure,
  connectHits,
  connectMenu,
  connectPagination,
  connectSearchBox,
} from 'instantsearch.js/es/connectors/index.js';
import { connectExact } from './exact-connector';
import { filterMenuParams, JOBS_FILTER_MENUS, JOBS_SEARCH_PARAMETERS } from './jobs-search-params';
import { connectJobConditions } from './job-conditions-connector';
import { connectTitleOnly } from './title-only-connector';

const noRender = () => undefined;

/**
 * /jobb's search widgets without their components, for the server: what the page's widgets ask of
 * the search (query, menus, conditions, exact text, title only, page, hits), so the server can run
 * the page's first search before its one render instead of discovering it by rendering the page
 * once more (InstantSearch's getServerState). The page mounts the same widgets through its hooks
 * (jobs-page.tsx, results-widgets.tsx, query-form.tsx, filter-select.tsx and the connectors' hooks):
 * a widget added there belongs here too. web/e2e/server-rendering.test.ts holds the two together —
 * for addresses of every kind, the state and requests made here equal what InstantSearch's own
 * discovery of the rendered page finds (entry-server.tsx's discoverJobsSearch).
 */
export function jobsSearchWidgets(): Widget[] {
  return [
    connectConfigure(noRender)({ searchParameters: JOBS_SEARCH_PARAMETERS }),
    connectSearchBox(noRender)({}),
    ...JOBS_FILTER_MENUS.map((filter) => connectMenu(noRender)(filterMenuParams(filter))),
    connectJobConditions(noRender)({}),
    connectExact(noRender)({}),
    connectTitleOnly(noRender)({}),
    connectHits(noRender)({}),
    connectPagination(noRender)({}),
  ] as Widget[];
}
