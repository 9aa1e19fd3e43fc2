import { JOB_RESULT_FIELDS, jobSortRules } from '@jobbportalen/contracts';
import {
  instantMeiliSearch,
  type AlgoliaMultipleQueriesQuery,
  type InstantMeiliSearchInstance,
  type InstantMeiliSearchOptions,
} from '@meilisearch/instant-meilisearch';
import { withConditionFilters } from './job-conditions';

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
 * An InstantSearch client for the job browser. It talks to our own /api/search proxy (`hostUrl`),
 * never to Meilisearch itself: the proxy adds the real key, so the key given here is only a
 * placeholder the client library insists on. The server renders /jobb with the same client,
 * handing it an `httpClient` that asks the proxy in-process.
 */
export function createJobsSearchClient(
  hostUrl: string,
  httpClient?: InstantMeiliSearchOptions['httpClient'],
): InstantMeiliSearchInstance {
  const { searchClient } = instantMeiliSearch(hostUrl, 'public', {
    ...(httpClient ? { httpClient } : {}),
    // Exact hit counts and page numbers, which "Visar N jobb" and the page buttons need.
    finitePagination: true,
    placeholderSearch: true,
    meiliSearchParams: { attributesToRetrieve: [...JOB_RESULT_FIELDS], attributesToHighlight: [] },
  });
  // instantsearch.js types `search` as a union of client generations; ours is the multi-query one.
  const search = searchClient.search.bind(searchClient) as unknown as (
    requests: readonly AlgoliaMultipleQueriesQuery[],
  ) => unknown;
  return {
    ...searchClient,
    search: (requests: readonly AlgoliaMultipleQueriesQuery[]) =>
      search(requests.map((request) => withJobSort(withConditionFilters(request)))),
  } as InstantMeiliSearchInstance;
}
