import { useInstantSearch } from 'react-instantsearch';
import { useSiteConfig } from '../../lib/config';
import type { JobsRoute } from '../../lib/jobs-url-state';
import { usePageHead } from '../../lib/page-head';
import { jobsPageHead } from './jobs-page-head';

/** /jobb's head for the search shown: title, and for crawlers description, robots and canonical. */
export function useJobsPageHead(route: JobsRoute): void {
  const { siteName } = useSiteConfig();
  const { results } = useInstantSearch();
  // Before the first answer InstantSearch holds placeholder results, whose count means nothing.
  const total = !results || results.__isArtificial ? null : results.nbHits;
  usePageHead(jobsPageHead(route, total, siteName));
}
