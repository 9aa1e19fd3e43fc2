import type { InstantSearchServerState } from 'react-instantsearch';
import type { PrefetchedAnswers } from '../lib/prefetched-answers';

/** The id of the JSON script the server puts after #root in a server-rendered page. */
export const PAGE_DATA_ID = 'page-data';

/**
 * What a server-rendered page carries for the browser's first render, so that render is the
 * server's again (hydration) without asking the API for anything the page already shows.
 */
export interface PageData {
  /** The API answers the page was rendered from, by GET path. */
  answers: PrefetchedAnswers;
  /** When the server rendered it (ms since the epoch). */
  renderedAt: number;
  /** /jobb: InstantSearch's results, so the first render issues no search. */
  searchState?: InstantSearchServerState;
}
