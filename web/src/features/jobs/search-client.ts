import {
  JOB_QUERY_PARAM_NAMES,
  JOB_TEXT_MATCHING_STRATEGY,
  JOB_RESULT_FIELDS,
  jobSortRules,
  occupationSearch,
  parseJobQuery,
  type OccupationLexicon,
} from '@jobbportalen/contracts';
import {
  instantMeiliSearch,
  type AlgoliaMultipleQueriesQuery,
  type InstantMeiliSearchInstance,
  type InstantMeiliSearchOptions,
} from '@meilisearch/instant-meilisearch';
import { CONDITIONS_PARAM, withConditionFilters } from './job-conditions';
import { EXACT_PARAM } from './exact-connector';

/**
 * Gives a request the order the JobQuery definition gives its search: newest first without text,
 * relevance with it. InstantSearch names a sort as rules after the index name ('jobs:publishedTs:desc',
 * as a sort-by widget would); a name that already carries rules is left as it is. One static sort
 * for every request would also sort text searches by date before exactness, unlike /api/jobs.
 */
export function withJobSort(request: AlgoliaMultipleQueriesQuery): AlgoliaMultipleQueriesQuery {
  if (request.indexName.includes(':')) return request;
  const rules = jobSortRules({ text: request.params?.query?.trim() || undefined });
  return rules.length === 0 ? request : { ...request, indexName: `${request.indexName}:${rules.join(',')}` };
}

/**
 * /jobb shows no facet values: its menus only refine ('Ort', 'Omfattning' … list the filter lists,
 * jobs-search-params.ts), and the filters' counts come from /api/jobs/filter-counts. The menu
 * widgets still name their attributes as facets, for InstantSearch's own bookkeeping; sent, each
 * would have Meilisearch count every value of the attribute over every hit of every search.
 */
export function withoutFacetValues(request: AlgoliaMultipleQueriesQuery): AlgoliaMultipleQueriesQuery {
  if (request.params?.facets === undefined) return request;
  const { facets: _facets, ...params } = request.params;
  return { ...request, params };
}

/**
 * Whether InstantSearch asks only for facet values: for each chosen menu (a hierarchical facet of
 * one level, to InstantSearch) it sends a second search, without that choice and without hits, for
 * the menu's other values. /jobb shows none (withoutFacetValues), so that search is not sent.
 */
const asksOnlyFacetValues = (request: AlgoliaMultipleQueriesQuery): boolean =>
  request.params?.hitsPerPage === 0 && request.params.facets !== undefined;

/** The answer to such a search, in the form InstantSearch reads: no values, no hits. */
const noFacetValues = (request: AlgoliaMultipleQueriesQuery) => ({
  index: request.indexName,
  query: request.params?.query ?? '',
  params: '',
  hits: [],
  nbHits: 0,
  page: 0,
  nbPages: 0,
  hitsPerPage: 0,
  processingTimeMS: 0,
  exhaustiveNbHits: true,
  facets: {},
});

/**
 * Gives a request its filters and its text as /api/jobs gives them: the conditions' filter
 * (withConditionFilters) and, with contracts' occupationSearch, the text's occupation words as
 * filters on the ads' occupations (with 'Visa även …', also on what their text names), the other
 * words staying the text. An exact text ('Sök exakt på …') is sent as typed.
 */
export function withSearchFilters(
  request: AlgoliaMultipleQueriesQuery,
  lexicon: OccupationLexicon | null,
): AlgoliaMultipleQueriesQuery {
  const { [EXACT_PARAM]: exact, ...params } = (request.params ?? {}) as Record<string, unknown>;
  const sent = withConditionFilters({ ...request, params });
  const text = typeof params.query === 'string' ? params.query.trim() : '';
  if (text === '' || lexicon === null) return sent;
  // The conditions' URL form, read with the text: 'alsoMentions' means nothing without one.
  const carried = new URLSearchParams(
    typeof params[CONDITIONS_PARAM] === 'string' ? params[CONDITIONS_PARAM] : '',
  );
  carried.set(JOB_QUERY_PARAM_NAMES.text, text);
  const { alsoMentions } = parseJobQuery(carried);
  const reading = occupationSearch(
    { text, ...(exact === 'true' ? { exact: true } : {}), ...(alsoMentions ? { alsoMentions } : {}) },
    lexicon,
  );
  if (reading.filter.length === 0) return sent;
  const conditions = sent.params?.filters || undefined;
  const occupations = reading.filter.join(' AND ');
  return {
    ...sent,
    params: {
      ...sent.params,
      query: reading.q ?? '',
      filters: conditions === undefined ? occupations : `(${conditions}) AND ${occupations}`,
    },
  };
}

/**
 * An InstantSearch client for the job browser. It talks to our own /api/search proxy (`hostUrl`),
 * never to Meilisearch itself: the proxy adds the real key, so the key given here is only a
 * placeholder the client library insists on. The server renders /jobb with the same client,
 * handing it an `httpClient` that asks the proxy in-process.
 */
export function createJobsSearchClient(
  hostUrl: string,
  loadOccupationLexicon: () => Promise<OccupationLexicon | null>,
  httpClient?: InstantMeiliSearchOptions['httpClient'],
): InstantMeiliSearchInstance {
  const { searchClient, meiliSearchInstance } = instantMeiliSearch(hostUrl, 'public', {
    ...(httpClient ? { httpClient } : {}),
    // Exact hit counts and page numbers, which "Visar N jobb" and the page buttons need.
    finitePagination: true,
    placeholderSearch: true,
    meiliSearchParams: {
      attributesToRetrieve: [...JOB_RESULT_FIELDS],
      attributesToHighlight: [],
      // Every word of the text must match, as /api/jobs asks (compileJobQuery).
      matchingStrategy: JOB_TEXT_MATCHING_STRATEGY,
    },
  });
  answerFacetInitialisationLocally(meiliSearchInstance);
  // instantsearch.js types `search` as a union of client generations; ours is the multi-query one.
  const search = searchClient.search.bind(searchClient) as unknown as (
    requests: readonly AlgoliaMultipleQueriesQuery[],
  ) => unknown;
  return {
    ...searchClient,
    search: async (requests: readonly AlgoliaMultipleQueriesQuery[]) => {
      const sent = requests.filter((request) => !asksOnlyFacetValues(request));
      const hasText = sent.some((request) => (request.params?.query ?? '').trim() !== '');
      const lexicon = hasText ? await loadOccupationLexicon() : null;
      // The order (withJobSort) follows the text as typed: relevance, even when every word became a filter.
      const answered =
        sent.length === 0
          ? { results: [] }
          : ((await search(
              sent.map((request) => withSearchFilters(withJobSort(withoutFacetValues(request)), lexicon)),
            )) as { results: unknown[] });
      const results = answered.results.values();
      return {
        ...answered,
        results: requests.map((request) =>
          asksOnlyFacetValues(request) ? noFacetValues(request) : results.next().value,
        ),
      };
    },
  } as InstantMeiliSearchInstance;
}

type MultiSearch = (params: { queries: ReadonlyArray<Record<string, unknown>> }) => Promise<unknown>;

/**
 * Whether a query is instant-meilisearch's look at an index's whole facet distribution: no text,
 * no filter and no attributes of ours (every search this client makes carries `q` and
 * JOB_RESULT_FIELDS), only facets and a page.
 */
const isFacetInitialisation = (query: Record<string, unknown>) =>
  query.q === undefined && query.filter === undefined && query.attributesToRetrieve === undefined;

/**
 * Before a client's first search, instant-meilisearch asks Meilisearch for each index's facet
 * distribution over every ad — a search without text or filter that also returns 20 whole ads
 * (about 75 KB) — and reads it only to list facet values at 0 (its `keepZeroFacets`, which we
 * leave off). That question is answered here, empty, instead of being sent: in the browser it
 * held the first search of a visit back by a round trip, and on the server every search page's
 * render asked and parsed it.
 */
function answerFacetInitialisationLocally(instance: { multiSearch: unknown }): void {
  const multiSearch = (instance.multiSearch as MultiSearch).bind(instance);
  const answered: MultiSearch = (params) => {
    if (params.queries.length === 0 || !params.queries.every(isFacetInitialisation))
      return multiSearch(params);
    return Promise.resolve({
      results: params.queries.map((query) => ({
        indexUid: query.indexUid,
        hits: [],
        query: '',
        processingTimeMs: 0,
        hitsPerPage: query.hitsPerPage ?? 0,
        page: 1,
        totalHits: 0,
        totalPages: 0,
        facetDistribution: {},
      })),
    });
  };
  instance.multiSearch = answered;
}
