import { useJobsSearch } from './jobs-search-hooks';
import { useSiteConfig } from '../../lib/config';
import type { JobsRoute } from '../../lib/jobs-url-state';
import { usePageHead } from '../../lib/page-head';
import { jobsPageHead } from './jobs-page-head';
import { isPlaceholderResults } from './results-widgets';

/** /jobb's head for the search shown: title, and for crawlers description, robots and canonical. */
export function useJobsPageHead(route: JobsRoute): void {
  const { siteName } = useSiteConfig();
  const { results } = useJobsSearch();
  const total = isPlaceholderResults(results) ? null : results.nbHits;
  usePageHead(jobsPageHead(route, total, siteName));
}
