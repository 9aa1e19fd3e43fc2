import { JOB_FILTER_ATTRIBUTES } from '@jobbportalen/contracts';
import type { SearchEngine } from '@jobbportalen/storage';
import { searchCall, searchTimeout } from './search-call.js';

/** One value of an index attribute and the number of live ads that carry it. */
export interface FacetValueCount {
  value: string;
  /** Ads carrying the value: more common values come first among equally good matches. */
  count: number;
}

export interface FacetValues {
  locations: FacetValueCount[];
  categories: FacetValueCount[];
  titles: FacetValueCount[];
}

/**
 * The facet values that suggestions and the city-in-search rule need, kept in memory and
 * refreshed in the background once older than `maxAgeMs`: a keystroke in the search box costs no
 * search-engine call, and the browser never downloads every title. Only the first call waits.
 */
export function createFacetValuesCache(load: () => Promise<FacetValues>, maxAgeMs: number) {
  let current: { values: FacetValues; loadedAt: number } | undefined;
  let loading: Promise<FacetValues> | undefined;

  const refresh = () => {
    loading ??= load()
      .then((values) => {
        current = { values, loadedAt: Date.now() };
        return values;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    async get(): Promise<FacetValues> {
      if (!current) return refresh();
      // Stale values are still served while the new ones load; a failed refresh is retried later.
      if (Date.now() - current.loadedAt > maxAgeMs) refresh().catch(() => undefined);
      return current.values;
    },
  };
}

export type FacetValuesCache = ReturnType<typeof createFacetValuesCache>;

const FACET_CACHE_MAX_AGE_MS = 60_000;

const asCounts = (distribution: Record<string, number> | undefined): FacetValueCount[] =>
  Object.entries(distribution ?? {}).map(([value, count]) => ({ value, count }));

/** The places, categories and titles of the live ads in the jobs index, cached for a minute. */
export function jobsFacetValues(searchEngine: SearchEngine, indexUid: string): FacetValuesCache {
  const place = JOB_FILTER_ATTRIBUTES.city;
  return createFacetValuesCache(async (): Promise<FacetValues> => {
    const result = await searchCall(() =>
      searchEngine.client
        .index(indexUid)
        .search(null, { limit: 0, facets: [place, 'category', 'title'] }, searchTimeout()),
    );
    const distribution = result.facetDistribution ?? {};
    return {
      locations: asCounts(distribution[place]),
      categories: asCounts(distribution.category),
      titles: asCounts(distribution.title),
    };
  }, FACET_CACHE_MAX_AGE_MS);
}
