import { PAGE_ANSWER_PATHS, serializeJobQuery } from '@jobbportalen/contracts';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import { publicGet } from '../../../lib/api-client';
import type { JobsRoute } from '../../../lib/jobs-url-state';

/**
 * The query string whose counts the filters show: the search without its page and order (neither
 * changes a count). Used as the key of the counts call, so a new page does not ask again.
 */
export function countsQueryOf(route: JobsRoute): string {
  const { page: _page, sort: _sort, ...search } = route;
  return serializeJobQuery(search);
}

/** GET /api/jobs/filter-counts for a search (a countsQueryOf string). */
export const fetchFilterCounts = publicGet<FilterCounts, string>(PAGE_ANSWER_PATHS.filterCounts);
