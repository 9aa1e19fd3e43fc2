import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';

type SearchClient = ReturnType<typeof instantMeiliSearch>['searchClient'];

/** Fields a result row shows; the (long) descriptions stay on the server. */
const RESULT_FIELDS = ['id', 'title', 'company', 'location', 'extent', 'lastDate', 'publishedAt'];

let client: SearchClient | null = null;

/**
 * One InstantSearch client per page load (it keeps a result cache). It talks to our own
 * /api/search proxy, never to Meilisearch itself: the proxy adds the real key, so the key given
 * here is only a placeholder the client library insists on.
 */
export function getJobsSearchClient(): SearchClient {
  client ??= instantMeiliSearch(`${window.location.origin}/api/search`, 'public', {
    // Exact hit counts and page numbers, which "Visar N jobb" and the page buttons need.
    finitePagination: true,
    placeholderSearch: true,
    meiliSearchParams: {
      // Newest first when nothing is typed; with a query Meilisearch's relevance rules come first.
      sort: ['publishedTs:desc'],
      attributesToRetrieve: RESULT_FIELDS,
      attributesToHighlight: [],
    },
  }).searchClient;
  return client;
}
