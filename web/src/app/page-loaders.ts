import { fetchJob, fetchSimilarJobs } from '../features/job-detail/job-detail-api';
import { fetchHeroTexts, LATEST_JOBS_COUNT } from '../features/home/home-api';
import { QUERY_RULES_PATH } from '../features/jobs/api/query-knowledge';
import { EXTENTS_PATH, FORMS_PATH, PLACES_PATH } from '../features/jobs/api/string-lists';
import { prepareNavigationAnswers, startNavigationAnswers } from '../lib/api-client';
import { CONFIG_PATH } from '../lib/config';
import { fetchPrivacyFacts } from '../features/privacy/privacy-api';
import { fetchJobStats, fetchLatestJobs } from '../lib/jobs-api';
import { isHeldForVisit } from '../lib/page-cache';
import { pageKeyOf, screenOf } from './routes';
import type { PageKey } from '@jobbportalen/contracts';

/**
 * What each server-rendered page reads before it can render, as the API paths of those answers
 * (the page's loader). The server gets them all before its one render — by direct service calls
 * where it can (server/src/web-pages/direct-answers.ts) — and sends them in the page, where the
 * browser's first render reads the same answers. A render that still asks for one not declared
 * here costs the server another render pass (entry-server.tsx), never a wrong page.
 */
const LOADERS: Partial<Record<PageKey, (url: URL) => string[]>> = {
  home: () => [fetchHeroTexts.pathOf(), fetchJobStats.pathOf(), fetchLatestJobs.pathOf(LATEST_JOBS_COUNT)],
  // The address is resolved (places, query rules) before InstantSearch may start; the filters
  // list the places, extents and forms. (What its search reads besides: jobs-search-answers.ts.)
  jobs: () => [PLACES_PATH, QUERY_RULES_PATH, EXTENTS_PATH, FORMS_PATH],
  privacy: () => [fetchPrivacyFacts.pathOf()],
  jobDetail: (url) => {
    const id = jobIdOf(url.pathname);
    return id ? [fetchJob.pathOf(id), fetchSimilarJobs.pathOf(id)] : [];
  },
};

/** The answers the page at `url` is rendered from (every page reads the site's config). */
export function pageAnswerPaths(url: URL): string[] {
  const key = pageKeyOf(url.pathname);
  return [CONFIG_PATH, ...((key && LOADERS[key]?.(url)) ?? [])];
}

/**
 * Browser: the app goes to the page at `url` (a navigation, or an app shell's first load). Its
 * screen's chunk and the answers it reads are fetched at once, side by side, instead of one after
 * the other as the screen mounts; the answers the visit already holds (the config, the place
 * lists once loaded) are not fetched again.
 */
export function startPageLoads(url: URL): void {
  startNavigationAnswers(answersToFetch(url));
  preloadScreen(url.pathname);
}

/** Browser: a link to `url` was pressed — the same loads, for the navigation its click makes. */
export function preparePageLoads(url: URL): void {
  prepareNavigationAnswers(answersToFetch(url));
  preloadScreen(url.pathname);
}

const answersToFetch = (url: URL): string[] => pageAnswerPaths(url).filter((path) => !isHeldForVisit(path));

function preloadScreen(pathname: string): void {
  // Only a page of the registry: the admin area is not one (its chunk loads as it renders), and
  // a chunk that fails to load is reported where the screen renders (it loads again there).
  if (pageKeyOf(pathname) === null) return;
  screenOf(pathname)
    .preload()
    .catch(() => undefined);
}

/** The ad id of a /jobb/{id} path as the page reads it (decoded); null when it cannot be read. */
function jobIdOf(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1)) || null;
  } catch {
    return null;
  }
}
