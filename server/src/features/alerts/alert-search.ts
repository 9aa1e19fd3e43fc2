import { JOB_MAX_TOTAL_HITS } from '@jobbportalen/contracts';
import type { SearchEngine } from '@jobbportalen/storage';
import type { MultiSearchQuery } from 'meilisearch';
import { compileJobQuery } from '../../search/compile-job-query.js';
import type { FacetValuesCache } from '../../search/facet-values-cache.js';
import { resolveSearch } from '../../search/resolve-search.js';
import { searchCall, searchTimeout } from '../../search/search-call.js';
import { isProfileSearch } from './profile-search.js';

/** Searches sent in one multi-search request. */
const QUERIES_PER_REQUEST = 100;
/**
 * New ads a query's search brings back at first. Far more than one run's new ads match almost any
 * query; a query that reaches it is asked again for everything the index can give.
 */
export const FIRST_SEARCH_LIMIT = 1000;

/** A stored query as Meilisearch takes it, without paging, sorting or facets. */
export interface CompiledSearch {
  q: string | null;
  filter: string[];
  attributesToSearchOn?: string[];
  matchingStrategy: 'all';
}

/** One new ad as a run sees it in the index. */
export interface NewAdHit {
  id: string;
  firstSeenTs: number;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A profile search's ads are all new ads, each then judged against the profile (ProfileSearches). */
const EVERY_AD: CompiledSearch = { q: null, filter: [], matchingStrategy: 'all' };

/**
 * Resolves (city in the text, known spellings) and compiles each distinct stored query once per
 * run or request, with the same meaning /api/jobs gives it.
 */
export function searchCompiler(facetValues: FacetValuesCache) {
  const compiled = new Map<string, Promise<CompiledSearch>>();
  return (queryKey: string): Promise<CompiledSearch> => {
    let search = compiled.get(queryKey);
    if (!search && isProfileSearch(queryKey)) search = Promise.resolve({ ...EVERY_AD, filter: [] });
    if (!search) {
      search = resolveSearch(facetValues, queryKey).then((query) => {
        const { q, params } = compileJobQuery(query);
        return {
          q,
          filter: [...((params.filter as string[] | undefined) ?? [])],
          ...(params.attributesToSearchOn ? { attributesToSearchOn: [...params.attributesToSearchOn] } : {}),
          matchingStrategy: params.matchingStrategy,
        };
      });
      compiled.set(queryKey, search);
    }
    return search;
  };
}

/** Which ads a search after new ones asks for. */
export interface FirstSeenWindow {
  /** First seen after this… */
  since: Date;
  /**
   * …or in its second too. firstSeenTs is whole seconds: an alert counts the whole second its
   * watermark falls in (the sent set drops what it already had), or an ad first seen in the same
   * second as a confirmation would never be news.
   */
  sinceSecondIncluded?: boolean;
  /** First seen at or before this (the run's horizon). */
  until?: Date;
  /** Not past its deadline at this moment. */
  liveAt?: Date;
}

/** The query's search restricted to the ads of a first-seen window. */
export function firstSeenSearch(
  indexUid: string,
  search: CompiledSearch,
  window: FirstSeenWindow,
  page: { limit: number; attributesToRetrieve?: string[] },
): MultiSearchQuery {
  const after = `firstSeenTs ${window.sinceSecondIncluded ? '>=' : '>'} ${unixSeconds(window.since)}`;
  const filter = [...search.filter, after];
  if (window.until) filter.push(`firstSeenTs <= ${unixSeconds(window.until)}`);
  // Past its deadline an ad is no news, even before the feed removes it.
  if (window.liveAt) filter.push(`(lastDateTs IS NULL OR lastDateTs >= ${unixSeconds(window.liveAt)})`);
  return {
    indexUid,
    q: search.q,
    filter,
    ...(search.attributesToSearchOn ? { attributesToSearchOn: search.attributesToSearchOn } : {}),
    matchingStrategy: search.matchingStrategy,
    limit: page.limit,
    ...(page.attributesToRetrieve ? { attributesToRetrieve: page.attributesToRetrieve } : {}),
  };
}

export interface SearchResultSummary {
  hits: NewAdHit[];
  /** Meilisearch's count of all matches (the hits may be fewer). */
  total: number;
}

/** Runs searches through multi-search, QUERIES_PER_REQUEST at a time; results in query order. */
export async function multiSearch(
  engine: SearchEngine,
  queries: readonly MultiSearchQuery[],
): Promise<SearchResultSummary[]> {
  const results: SearchResultSummary[] = [];
  for (let start = 0; start < queries.length; start += QUERIES_PER_REQUEST) {
    const chunk = queries.slice(start, start + QUERIES_PER_REQUEST);
    const answer = await searchCall(() =>
      engine.client.multiSearch<{ queries: MultiSearchQuery[] }, NewAdHit>(
        { queries: chunk },
        searchTimeout(),
      ),
    );
    for (const result of answer.results) {
      results.push({
        hits: result.hits.map((hit) => ({ id: String(hit.id), firstSeenTs: Number(hit.firstSeenTs) })),
        total: result.totalHits ?? result.estimatedTotalHits ?? result.hits.length,
      });
    }
  }
  return results;
}

/** How much a search that reached FIRST_SEARCH_LIMIT is asked for the second time. */
export const FULL_SEARCH_LIMIT = JOB_MAX_TOTAL_HITS;
