import type { InstantMeiliSearchInstance } from '@meilisearch/instant-meilisearch';
import { loadOccupationLexicon } from './api/occupation-words';
import { createJobsSearchClient } from './search-client';

let client: InstantMeiliSearchInstance | null = null;

/** One InstantSearch client per page load: it keeps a result cache. */
export function getJobsSearchClient(): InstantMeiliSearchInstance {
  client ??= createJobsSearchClient(`${window.location.origin}/api/search`, loadOccupationLexicon);
  return client;
}

/** Forgets the cached results, so the next search asks the server again. */
export function clearJobsSearchCache(): void {
  client?.clearCache();
}
