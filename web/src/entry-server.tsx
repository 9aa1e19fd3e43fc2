/**
 * The server's way into the web app (Vite's SSR build of this file is what the Fastify server
 * loads): renders a public page's HTML from the same components the browser runs, with the API
 * answers it needs fetched in-process first. The browser then hydrates it (main.tsx).
 */
import type { OccupationLexicon } from '@jobbportalen/contracts';
import type { InstantMeiliSearchOptions } from '@meilisearch/instant-meilisearch';
import { renderToString } from 'react-dom/server';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import { App } from './app/app';
import type { PageData } from './app/page-data';
import { pageAnswerPaths } from './app/page-loaders';
import { ALL_SCREENS, pageKeyOf } from './app/routes';
import { jobsInitialResults } from './features/jobs/jobs-initial-results';
import { jobsSearchAnswerPaths } from './features/jobs/jobs-search-answers';
import type { JobsSearchSnapshot } from './features/jobs/jobs-search-snapshot';
import { createJobsSearchClient } from './features/jobs/search-client';
import { entryRouteAtHand } from './features/jobs/use-entry-route';
import { peekSiteConfig } from './lib/config';
import { createPageHeadCollector, PageHeadCollectorContext, type PageHead } from './lib/page-head';
import { renderWithAnswers, type PrefetchedAnswer, type PrefetchedAnswers } from './lib/prefetched-answers';

export type { PageData, PageHead, PrefetchedAnswer };

export interface RenderRequest {
  /** Path and query of the page ('/jobb?city=Malmö'). */
  url: string;
  /** A GET of our own API, answered in-process as the browser's request would be. */
  fetchApi: (path: string) => Promise<PrefetchedAnswer>;
  /** instant-meilisearch's transport: posts to the server's search proxy in-process. */
  searchHttpClient: NonNullable<InstantMeiliSearchOptions['httpClient']>;
  /** The occupation words, handed over in-process: the page does not carry them. */
  occupationLexicon: OccupationLexicon;
}

export interface RenderedPage {
  /** 404 for an address that is no page of the app. */
  status: number;
  /** The content of #root. */
  html: string;
  /** The head the page declared (its title; search pages also description, robots, canonical). */
  head: PageHead | null;
  /** For the page's JSON script (PAGE_DATA_ID). */
  pageData: PageData;
  /** Time spent rendering (ms, all passes together) and the number of passes: for Server-Timing. */
  renderMs: number;
  passes: number;
}

/** instant-meilisearch wants an absolute host; the server's transport reads only the path. */
export const SEARCH_PROXY_HOST = 'http://jobbportalen.internal/api/search';

/**
 * Renders that may discover answers still to fetch: none should (each page declares its answers,
 * app/page-loaders.ts), but one that does still gets them rather than a page without them.
 */
const MAX_PASSES = 4;

let screensLoaded: Promise<unknown> | undefined;
/** The server renders synchronously: every screen's chunk is loaded once, up front. */
const screensReady = () => (screensLoaded ??= Promise.all(ALL_SCREENS.map((screen) => screen.preload())));

async function fetchInto(answers: PrefetchedAnswers, paths: Iterable<string>, request: RenderRequest) {
  const wanted = [...new Set(paths)].filter((path) => !Object.hasOwn(answers, path));
  const fetched = await Promise.all(wanted.map((path) => request.fetchApi(path)));
  wanted.forEach((path, index) => (answers[path] = fetched[index]!));
}

/** /jobb's search client for one render: the occupation words handed over, the proxy asked in-process. */
const jobsSearchClientFor = (request: RenderRequest) =>
  createJobsSearchClient(
    SEARCH_PROXY_HOST,
    () => Promise.resolve(request.occupationLexicon),
    request.searchHttpClient,
  );

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  await screensReady();
  const renderedAt = Date.now();
  const url = new URL(request.url, SEARCH_PROXY_HOST);
  const answers: PrefetchedAnswers = {};
  await fetchInto(answers, pageAnswerPaths(url), request);

  const searchClient = pageKeyOf(url.pathname) === 'jobs' ? jobsSearchClientFor(request) : undefined;
  let serverState: InstantSearchServerState | undefined;
  let snapshot: JobsSearchSnapshot | undefined;
  let renderMs = 0;
  let passes = 0;
  const timed = <T,>(render: () => T): T => {
    const started = performance.now();
    try {
      return render();
    } finally {
      renderMs += performance.now() - started;
      passes += 1;
    }
  };
  const app = () => <App ssrPath={request.url} jobsServerSide={{ searchClient, serverState, snapshot }} />;

  if (searchClient) {
    // The page's address as the page resolves it, from the answers fetched above; then its
    // search and the answers that depend on it, side by side, before the one render.
    const { result: entry } = renderWithAnswers(answers, renderedAt, () => ({
      route: entryRouteAtHand(url.search)?.route,
      indexName: peekSiteConfig().searchIndex,
    }));
    if (entry.route) {
      [{ serverState, snapshot }] = await Promise.all([
        jobsInitialResults(entry.indexName, entry.route, searchClient),
        fetchInto(answers, jobsSearchAnswerPaths(entry.route), request),
      ]);
    }
  }

  let rendered: { html: string; head: PageHead | null } = { html: '', head: null };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const collector = createPageHeadCollector();
    const { result, missing } = timed(() =>
      renderWithAnswers(answers, renderedAt, () =>
        renderToString(
          <PageHeadCollectorContext.Provider value={collector}>{app()}</PageHeadCollectorContext.Provider>,
        ),
      ),
    );
    rendered = { html: result, head: collector.head };
    if (missing.length === 0) break;
    await fetchInto(answers, missing, request);
  }

  return {
    status: pageKeyOf(url.pathname) === null ? 404 : 200,
    html: rendered.html,
    head: rendered.head,
    pageData: { answers, renderedAt, ...(serverState ? { searchState: serverState } : {}) },
    renderMs,
    passes,
  };
}

/**
 * A /jobb page's HTML as the browser's first render makes it: InstantSearch in the tree, started
 * from the results and answers the page carries. The server renders the page from its snapshot
 * instead (jobs-search-snapshot.ts); web/e2e/server-rendering.test.ts holds the two equal, byte for
 * byte, which is what hydration needs.
 */
export async function renderAsHydrated(request: RenderRequest, pageData: PageData): Promise<string> {
  await screensReady();
  const jobsServerSide = { searchClient: jobsSearchClientFor(request), serverState: pageData.searchState };
  return renderWithAnswers(pageData.answers, pageData.renderedAt, () =>
    renderToString(
      <PageHeadCollectorContext.Provider value={createPageHeadCollector()}>
        <App ssrPath={request.url} jobsServerSide={jobsServerSide} />
      </PageHeadCollectorContext.Provider>,
    ),
  ).result;
}

/**
 * What InstantSearch's own discovery finds for a /jobb address: the whole page rendered once with
 * its mounted widgets (getServerState), then their search. Pages are not made this way (renderPage
 * runs the page's search widgets headless, jobs-search-widgets.ts); web/e2e/server-rendering.test.ts
 * holds the two equal, state and requests, so the headless widgets cannot drift from the page's.
 */
export async function discoverJobsSearch(request: RenderRequest): Promise<InstantSearchServerState> {
  await screensReady();
  const renderedAt = Date.now();
  const answers: PrefetchedAnswers = {};
  await fetchInto(answers, pageAnswerPaths(new URL(request.url, SEARCH_PROXY_HOST)), request);
  return getServerState(
    <App ssrPath={request.url} jobsServerSide={{ searchClient: jobsSearchClientFor(request) }} />,
    {
      renderToString: (element) =>
        renderWithAnswers(answers, renderedAt, () => renderToString(element)).result,
    },
  );
}
