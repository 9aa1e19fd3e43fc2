import type { InstantMeiliSearchInstance } from '@meilisearch/instant-meilisearch';
import { createContext } from 'react';
import type { InstantSearchServerState } from 'react-instantsearch';
import type { JobsSearchSnapshot } from './jobs-search-snapshot';

/**
 * What /jobb needs from the server-rendered page: on the server, the snapshot of the page's search
 * to render from (jobs-search-snapshot.ts), or else a search client for this request (it searches
 * through the server's own search proxy, as the browser does); in the browser, the results the
 * server rendered, so InstantSearch starts from them instead of searching again.
 */
export interface JobsServerSide {
  snapshot?: JobsSearchSnapshot;
  searchClient?: InstantMeiliSearchInstance;
  serverState?: InstantSearchServerState;
}

export const JobsServerSideContext = createContext<JobsServerSide | null>(null);
