import { PAGE_ANSWER_PATHS, serializeJobQuery } from '@jobbportalen/contracts';
import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { publicGet } from '../../../lib/api-client';
import type { JobsRoute } from '../../../lib/jobs-url-state';

/**
 * The query string whose widening is counted: the search without its page and order (neither
 * changes a count) and not widened, so the widened search asks the same question as the one it
 * came from and learns the occupation words it names.
 */
export function alsoMentionsQueryOf(route: JobsRoute): string {
  const { page: _page, sort: _sort, alsoMentions: _alsoMentions, ...search } = route;
  return serializeJobQuery(search);
}

/** Whether a search can be widened: it has a text, not searched exactly. */
export const asksAlsoMentions = (route: JobsRoute): boolean => route.text !== undefined && !route.exact;

/** GET /api/jobs/also-mentions for a search (an alsoMentionsQueryOf string). */
export const fetchAlsoMentions = publicGet<AlsoMentionsAnswer, string>(PAGE_ANSWER_PATHS.alsoMentions);
