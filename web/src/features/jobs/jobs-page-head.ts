import { searchWhatOf, searchWhereOf } from '@jobbportalen/contracts';
import { formatNumber } from '../../lib/format';
import { jobsHref, isResultsMode, type JobsRoute } from '../../lib/jobs-url-state';
import type { PageHead } from '../../lib/page-head';
import { jobsHeading } from './jobs-heading';

/** Filtered searches are for visitors, not for search engines: they would index endless variants. */
export const NOINDEX = 'noindex, follow';

/**
 * The searches that are pages in their own right for search engines: the plain job browser and
 * the landing page of one main category or one place ('/jobb?mainCategory=IT', '/jobb?city=Malmö').
 * Their canonical address is that search alone — on its first page, as the order and page number
 * are not part of what the page is about.
 */
export function landingPathOf(route: JobsRoute): string | null {
  const { page, sort: _sort, mainCategory, city, ...rest } = route;
  if (page !== undefined && page > 1) return null;
  if (isResultsMode(rest as JobsRoute)) return null;
  if (mainCategory && city) return null;
  if (mainCategory) return jobsHref({ mainCategory });
  if (city) return jobsHref({ city });
  return route.sort === undefined ? jobsHref({}) : null;
}

/** What a search's own words are: the heading, or the text searched for. */
function subjectOf(route: JobsRoute, siteName: string): string {
  if (searchWhatOf(route) || searchWhereOf(route)) return jobsHeading(route, siteName);
  if (route.text) return `Jobb som matchar ”${route.text}”`;
  return 'Lediga jobb';
}

/**
 * The head of /jobb for a search: its title and a description with the number of jobs found (what
 * a search result snippet should say), indexable only for the landing pages, with their stable
 * canonical address.
 */
export function jobsPageHead(route: JobsRoute, totalJobs: number | null, siteName: string): PageHead {
  const subject = subjectOf(route, siteName);
  const page = route.page !== undefined && route.page > 1 ? ` – sida ${route.page}` : '';
  const found = totalJobs === null ? 'Lediga jobb' : `${formatNumber(totalJobs)} lediga jobb`;
  const what = searchWhatOf(route);
  const place = searchWhereOf(route);
  const where = `${what ? ` inom ${what}` : ''}${place ? ` i ${place}` : ''}`;
  const landing = landingPathOf(route);
  return {
    title: `${subject}${page} – ${siteName}`,
    description: `${found}${where}${route.text ? ` för ”${route.text}”` : ''} på ${siteName}. Sök bland annonserna från Arbetsförmedlingen och ansök direkt.`,
    ...(landing === null ? { robots: NOINDEX } : { canonicalPath: landing }),
  };
}
