import {
  JOB_FILTER_NAMES,
  parseJobQuery,
  resolveJobQuery,
  serializeJobQuery,
  type JobQuery,
  type JobQueryInput,
} from '@jobbportalen/contracts';

/** Path of the job browser; its state lives in this page's query string. */
export const JOBS_PATH = '/jobb';

/**
 * The job browser's state as the URL carries it: a JobQuery (contracts), read and written by the
 * same rules as /api/jobs. The browser always shows JOB_PAGE_SIZE jobs a page, so it has no
 * page size. Shared links and back/forward rely on it.
 */
export type JobsRoute = Omit<JobQuery, 'pageSize'>;

const withoutPageSize = ({ pageSize: _pageSize, ...route }: JobQuery): JobsRoute => route;

/**
 * Reads a query string ('?search=…&city=…', with or without '?') — or a record of the same
 * parameters — into a route; junk is dropped.
 */
export const parseJobsQuery = (query: JobQueryInput): JobsRoute => withoutPageSize(parseJobQuery(query));

export function jobsHref(route: JobsRoute): string {
  const query = serializeJobQuery(route);
  return query ? `${JOBS_PATH}?${query}` : JOBS_PATH;
}

/** Criteria beyond the facet filters that also ask for a list of results. */
const RESULT_CRITERIA = ['published', 'experience', 'drivingLicence', 'remote', 'sort'] as const;

/** Browse mode is the plain browser; any filter, order or search text switches to results mode. */
export function isResultsMode(route: JobsRoute): boolean {
  return (
    route.text !== undefined ||
    JOB_FILTER_NAMES.some((name) => route[name] !== undefined) ||
    RESULT_CRITERIA.some((name) => route[name] !== undefined)
  );
}

/**
 * What a /jobb link means (the spec's entry rule, the same as /api/jobs's): a text naming a main
 * category or a known place is that filter. `knownPlaces` is /api/jobs/locations, needed only when
 * needsKnownCities(route) says so.
 */
export const resolveEntryRoute = (route: JobsRoute, knownPlaces: readonly string[]): JobsRoute =>
  withoutPageSize(resolveJobQuery(route, knownPlaces));
