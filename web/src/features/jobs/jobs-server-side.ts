import type { InstantMeiliSearchInstance } from '@meilisearch/instant-meilisearch';
import { createContext } from 'react';
import type { InstantSearchServerState } from 'react-instantsearch';

/**
 * What /jobb needs from the server-rendered page: on the server, a search client for this request
 * (it searches through the server's own search proxy, as the browser does); in the browser, the
 * results the server rendered, so InstantSearch starts from them instead of searching again.
 */
export interface JobsServerSide {
  searchClient?: InstantMeiliSearchInstance;
  serverState?: InstantSearchServerState;
}

export const JobsServerSideContext = createContext<JobsServerSide | null>(null);
