import { MAIN_CATEGORIES, POPULAR_CITIES } from '@jobbportalen/contracts';

/** Path of the job browser; its state lives in this page's query string. */
export const JOBS_PATH = '/jobb';

/**
 * The job browser's state as the URL carries it, with the spec's parameter names (search, city,
 * mainCategory) plus extent, form, titleOnly and page. Shared links and back/forward rely on it.
 */
export interface JobsRoute {
  search?: string;
  mainCategory?: string;
  city?: string;
  extent?: string;
  form?: string;
  titleOnly?: boolean;
  /** 1-based; absent means the first page. */
  page?: number;
}

const TEXT_KEYS = ['search', 'mainCategory', 'city', 'extent', 'form'] as const;

const clean = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Reads a query string ('?search=…&city=…', with or without '?') into a route; junk is dropped. */
export function parseJobsQuery(query: string): JobsRoute {
  const params = new URLSearchParams(query);
  const route: JobsRoute = {};
  for (const key of TEXT_KEYS) {
    const value = clean(params.get(key));
    if (value !== undefined) route[key] = value;
  }
  const titleOnly = params.get('titleOnly');
  if (titleOnly === 'true' || titleOnly === '1') route.titleOnly = true;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) route.page = page;
  return route;
}

/** The query string for a route, in a stable order, without '?'; empty for the plain browser. */
export function buildJobsQuery(route: JobsRoute): string {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = clean(route[key] ?? null);
    if (value !== undefined) params.set(key, value);
  }
  if (route.titleOnly) params.set('titleOnly', 'true');
  if (route.page !== undefined && route.page > 1) params.set('page', String(route.page));
  return params.toString();
}

export function jobsHref(route: JobsRoute): string {
  const query = buildJobsQuery(route);
  return query ? `${JOBS_PATH}?${query}` : JOBS_PATH;
}

/** Browse mode is the plain browser; any filter or search term switches to results mode. */
export function isResultsMode(route: JobsRoute): boolean {
  return TEXT_KEYS.some((key) => route[key] !== undefined);
}

const fold = (value: string): string => value.trim().toLocaleLowerCase('sv');

/** `search` terms that need the list of known places before they can be resolved. */
export function needsPlaceLookup(route: JobsRoute): boolean {
  return route.search !== undefined && route.city === undefined && resolveSearchAlias(route, []) === route;
}

/**
 * On entry, a `search` that names a main category or a known city is really that filter (links
 * such as /jobb?search=Göteborg come from the start page's suggestions). Matching ignores case; the
 * filter gets the canonical spelling. A filter already given in the URL wins over the alias.
 */
export function resolveSearchAlias(route: JobsRoute, knownPlaces: readonly string[]): JobsRoute {
  if (route.search === undefined) return route;
  const term = fold(route.search);
  const { search: _search, ...rest } = route;

  const category = MAIN_CATEGORIES.find((name) => fold(name) === term);
  if (category !== undefined) {
    return route.mainCategory === undefined ? { ...rest, mainCategory: category } : route;
  }

  const city = [...POPULAR_CITIES, ...knownPlaces].find((name) => fold(name) === term);
  if (city !== undefined) {
    return route.city === undefined ? { ...rest, city } : route;
  }
  return route;
}
