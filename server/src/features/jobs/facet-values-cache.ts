import type { SuggestionSource } from './suggestions.js';

export interface FacetValues {
  locations: SuggestionSource[];
  categories: SuggestionSource[];
  titles: SuggestionSource[];
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
