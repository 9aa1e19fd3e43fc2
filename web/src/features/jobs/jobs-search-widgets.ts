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
 *
 * Named, because the server also renders the page from them (jobs-search-snapshot.ts): each hook
 * of the page reads the render state of its widget here.
 */
export function jobsSearchWidgets() {
  return {
    configure: connectConfigure(noRender)({ searchParameters: JOBS_SEARCH_PARAMETERS }),
    searchBox: connectSearchBox(noRender)({}),
    menus: JOBS_FILTER_MENUS.map((filter) => connectMenu(noRender)(filterMenuParams(filter))),
    jobConditions: connectJobConditions(noRender)({}),
    exact: connectExact(noRender)({}),
    titleOnly: connectTitleOnly(noRender)({}),
    hits: connectHits(noRender)({}),
    pagination: connectPagination(noRender)({}),
  };
}

export type JobsSearchWidgets = ReturnType<typeof jobsSearchWidgets>;

/** The widgets in the order the page mounts them. */
export const allWidgets = (widgets: JobsSearchWidgets): Widget[] =>
  [
    widgets.configure,
    widgets.searchBox,
    ...widgets.menus,
    widgets.jobConditions,
    widgets.exact,
    widgets.titleOnly,
    widgets.hits,
    widgets.pagination,
  ] as Widget[];
