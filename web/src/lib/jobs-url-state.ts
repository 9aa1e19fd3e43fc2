import {
  JOB_FILTER_NAMES,
  parseJobQuery,
  serializeJobQuery,
  understandJobQuery,
  type JobQuery,
  type JobQueryInput,
  type QueryInterpretation,
  type QueryRules,
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

/** The filters beyond the facet menus (each counts as a chosen filter on 'Visa filter'). */
export const CONDITION_FILTERS = [
  'occupationFields',
  'regions',
  'municipalities',
  'published',
  'experience',
  'drivingLicence',
  'remote',
  'near',
] as const;

/** Criteria beyond the facet filters that also ask for a list of results. */
const RESULT_CRITERIA = [...CONDITION_FILTERS, 'sort'] as const;

/** Browse mode is the plain browser; any filter, order or search text switches to results mode. */
export function isResultsMode(route: JobsRoute): boolean {
  return (
    route.text !== undefined ||
    JOB_FILTER_NAMES.some((name) => route[name] !== undefined) ||
    RESULT_CRITERIA.some((name) => route[name] !== undefined)
  );
}

/**
 * What the browser knows to read a search text as /api/jobs reads it: the places of the live ads
 * (/api/jobs/locations) and the query rules with the titles kept as typed (/api/jobs/query-rules).
 * Without rules only the entry rule applies (a text that is a category or a place is that filter).
 */
export interface EntryKnowledge {
  places: readonly string[];
  rules?: QueryRules;
  keptTexts?: readonly string[];
}

/**
 * What a /jobb link or a typed search means (the same as /api/jobs's): the text understood by
 * contracts' understandJobQuery — a main category or a known place is that filter, 'lärarjobb
 * malmö' is 'lärare' in Malmö — and how, when it was rewritten. `exact` keeps the text as typed.
 * The places are needed only when needsKnownCities(route) says so, the rules whenever a text is
 * not exact.
 */
export function understandEntryRoute(
  route: JobsRoute,
  knowledge: EntryKnowledge,
): { route: JobsRoute; interpretation?: QueryInterpretation } {
  const { query, interpretation } = understandJobQuery(
    route,
    knowledge.places,
    knowledge.rules,
    knowledge.keptTexts,
  );
  return { route: withoutPageSize(query), ...(interpretation ? { interpretation } : {}) };
}

/** The search a /jobb link means, without how its text was understood. */
export const resolveEntryRoute = (route: JobsRoute, knowledge: EntryKnowledge): JobsRoute =>
  understandEntryRoute(route, knowledge).route;
