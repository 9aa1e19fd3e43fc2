import type { JobSearchDocument } from '@jobbportalen/contracts';
import { compileJobQuery } from '../../../search/compile-job-query.js';
import { createFacetValuesCache, type FacetValueCount } from '../../../search/facet-values-cache.js';
import { understandSearch } from '../../../search/resolve-search.js';
import type { JudgedQuery } from './judge.js';

/** A judged query as /api/jobs's query string: its text and its own filters. */
export const judgedQueryString = (query: JudgedQuery): string =>
  [`search=${encodeURIComponent(query.q)}`, query.params].filter(Boolean).join('&');

const countsOf = (values: Iterable<string | null>): FacetValueCount[] => {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
};

/**
 * The Meilisearch searches /api/jobs runs for the judged queries over these ads: the text
 * understood (resolveSearch, with the places and titles of these ads as the server caches them)
 * and compiled by compileJobQuery, so the benchmark judges our whole path, not the index alone.
 */
/** Ways to search other than ours, for bench:relevance to measure ours against. */
export interface SearchVariant {
  /** The text's occupation words searched in the whole ad, as before #25 (understanding kept). */
  textEverywhere?: boolean;
  /** Meilisearch's matchingStrategy (ours sends none: 'last'). */
  matchingStrategy?: 'last' | 'all' | 'frequency';
}

export async function judgedSearches(
  queries: readonly JudgedQuery[],
  documents: readonly JobSearchDocument[],
  indexUid: string,
  limit: number,
  variant: SearchVariant = {},
) {
  const facetValues = createFacetValuesCache(
    async () => ({
      locations: countsOf(documents.map((document) => document.location)),
      categories: countsOf(documents.map((document) => document.category)),
      titles: countsOf(documents.map((document) => document.title)),
    }),
    Number.POSITIVE_INFINITY,
  );
  return Promise.all(
    queries.map(async (judged) => {
      const { query } = await understandSearch(facetValues, judgedQueryString(judged));
      // An exact text is searched as it stands: the understood text, everywhere.
      const { q, params } = compileJobQuery(
        variant.textEverywhere && query.text !== undefined ? { ...query, exact: true } : query,
      );
      return {
        indexUid,
        q,
        filter: params.filter,
        ...(params.sort ? { sort: params.sort } : {}),
        ...(params.attributesToSearchOn ? { attributesToSearchOn: params.attributesToSearchOn } : {}),
        matchingStrategy: variant.matchingStrategy ?? params.matchingStrategy,
        limit,
        attributesToRetrieve: ['id'],
      };
    }),
  );
}
