import { jobQueryApiParams, savedJobQueryOf, serializeJobQuery } from '@jobbportalen/contracts';
import type { SavedSearchQuery } from '@jobbportalen/contracts/api/saved-searches';
import type { JobsRoute } from '../../../lib/jobs-url-state';

/**
 * The search a saved search or an alert stores: the browser's route as /api/jobs's query
 * parameters (the same names and values as its URL), without page and page size. Written through
 * the URL form, so what is saved is exactly what the address bar means.
 */
export function savedSearchQueryOf(route: JobsRoute): SavedSearchQuery {
  // Flags and numbers typed as the API's schema wants them ('false' in a URL, false here).
  return jobQueryApiParams(savedJobQueryOf(route)) as SavedSearchQuery;
}

/** One key per distinct search, to tell whether a status message still belongs to the shown search. */
export const savedSearchKeyOf = (route: JobsRoute): string => serializeJobQuery(savedJobQueryOf(route));
