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
export async function judgedSearches(
  queries: readonly JudgedQuery[],
  documents: readonly JobSearchDocument[],
  indexUid: string,
  limit: number,
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
      const { q, params } = compileJobQuery(query);
      return {
        indexUid,
        q,
        filter: params.filter,
        ...(params.sort ? { sort: params.sort } : {}),
        ...(params.attributesToSearchOn ? { attributesToSearchOn: params.attributesToSearchOn } : {}),
        limit,
        attributesToRetrieve: ['id'],
      };
    }),
  );
}
