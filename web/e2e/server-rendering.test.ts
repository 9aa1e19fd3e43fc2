// The server-rendered public pages with JavaScript on: the browser adopts the server's HTML
// (hydration) without a console error or warning and without asking again for what the page came
// with, and is interactive afterwards. And what a crawler gets without a browser: the content in
// #root, /jobb's title, description, canonical address and robots rules per search, and the status.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { occupationLexicon } from '@jobbportalen/lexicon';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '@jobbportalen/storage';
import { MOBILE } from './support/browser.js';
import { watchConsole } from './support/console.js';
import { expectHeading, gotoAndSettle, headingOf, useE2e } from './support/e2e.js';
import { decodeHtml, titleOf } from './support/html-text.js';
import { gzippedTotal, recordScriptLoads, SCRIPT_BUDGETS_KB } from './support/script-loads.js';
import { webDistServer } from './support/web-build.js';

/**
 * The built server renderer's two ways to a search page's first search, and its render of a page as
 * the browser hydrates it (web/src/entry-server.tsx).
 */
interface ServerRenderer {
  renderPage(
    request: object,
  ): Promise<{ html: string; pageData: { searchState?: InstantSearchServerState } }>;
  renderAsHydrated(request: object, pageData: object): Promise<string>;
  discoverJobsSearch(request: object): Promise<InstantSearchServerState>;
}
interface InstantSearchServerState {
  initialResults: Record<string, { state: unknown; requestParams?: unknown; results: unknown[] }>;
}

const e2e = useE2e();

const number = new Intl.NumberFormat('sv-SE');
let job: JobRow;

beforeAll(async () => {
  // An ad with a description, so its text can be looked for in the HTML.
  const live = await e2e.portal.liveJobs({ limit: 20 });
  job = live.find((ad) => ad.title && ad.company && ad.descriptionText.length > 80) ?? live[0]!;
});

interface ApiPage {
  jobs: Array<{ _id: string; title: string }>;
  totalHits: number;
}

async function api(query: string): Promise<ApiPage> {
  const response = await e2e.portal.app.inject(`/api/jobs?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json<ApiPage>();
}

const summaryOf = (total: number) => {
  const pages = Math.ceil(total / 20);
  return `Visar ${number.format(total)} jobb${pages > 1 ? ` – sida 1 av ${pages}` : ''}`;
};

/** For the tests that load every page of SEARCH_PAGES and more, one after another. */
const SLOW = { timeout: 180_000 };

/**
 * Search pages of every kind (conditions, a later page, exact text and title only, distance,
 * also-mentions), each with hits in the e2e corpus (an empty result asks for zero-hit help).
 * Their first search is run on the server by the page's widgets without their components
 * (jobs-search-widgets.ts): the tests below hold it to what the mounted widgets ask.
 */
const SEARCH_PAGES = [
  '/jobb',
  '/jobb?search=utvecklare',
  '/jobb?search=utvecklare&alsoMentions=true',
  '/jobb?extent=Heltid&page=2',
  '/jobb?search=utvecklare&exact=true&titleOnly=true',
  '/jobb?city=Stockholm&published=30&sort=deadline',
  '/jobb?search=utvecklare&experience=false',
  '/jobb?near=Uppsala&radiusKm=20&sort=distance',
];

/** Requests for searches and job data (page-view beacons aside) with their bodies, from now on. */
function watchSearches(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/search/') || url.pathname.startsWith('/api/jobs'))
      requests.push(`${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`.trim());
  });
  return requests;
}

/**
 * Keeps, before any of the page's scripts has run, the elements the server sent (its first element
 * in #root, <main>, the main heading). readyState turns 'interactive' when parsing ends, before
 * deferred and module scripts run.
 */
async function rememberServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverNodes: (Element | null)[] }).serverNodes = [
        document.querySelector('#root > *'),
        document.querySelector('main'),
        document.querySelector('main h1'),
      ];
    });
  });
}

/** Whether the elements the server sent are still the ones in the page (hydrated, not replaced). */
const serverNodesKept = (page: Page): Promise<boolean[]> =>
  page.evaluate(
    () =>
      (window as unknown as { serverNodes?: (Element | null)[] }).serverNodes?.map(
        (node) => node !== null && node.isConnected,
      ) ?? [],
  );

/** Waits until the page's scripts respond: the small-screen menu button opens its menu. */
async function untilInteractive(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Meny' });
  await expect
    .poll(async () => {
      // A click before hydration does nothing; once it works the menu stays open.
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      return button.getAttribute('aria-expanded');
    })
    .toBe('true');
}

describe('hydration in the browser', () => {
  it('the public pages hydrate from the server HTML with no console error or warning', SLOW, async () => {
    const paths = [
      '/',
      '/jobb',
      '/jobb?search=utvecklare',
      '/jobb?mainCategory=IT&city=Stockholm',
      `/jobb/${job.id}`,
      '/karriarguide/cv-guide',
      '/sidan-finns-inte',
    ];
    const failures: Record<string, string[]> = {};
    for (const address of paths) {
      const page = await e2e.page({ viewport: MOBILE });
      const problems = watchConsole(page);
      await rememberServerNodes(page);
      const response = await page.goto(address);
      expect(response?.headers()['server-timing'], address).toMatch(/^ssr;dur=\d/);
      const heading = await headingOf(page);
      expect(heading, address).toMatch(/\S/);
      await untilInteractive(page);
      await page.waitForLoadState('networkidle');
      expect(await serverNodesKept(page), address).toEqual([true, true, true]);
      expect(await headingOf(page), address).toBe(heading);
      if (problems.length > 0) failures[address] = problems;
      await page.context().close();
    }
    expect(failures).toEqual({});
  });

  // Ten page loads, each waited on until the network is idle: on a slow machine more than the
  // default minute.
  it(
    'the first render issues no search or job request; a refinement then searches in place',
    SLOW,
    async () => {
      for (const address of [...SEARCH_PAGES, '/', `/jobb/${job.id}`]) {
        const page = await e2e.page();
        const requests = watchSearches(page);
        await page.goto(address);
        await untilHydrated(page, address);
        await page.waitForLoadState('networkidle');
        expect(requests, address).toEqual([]);
        await page.context().close();
      }

      const page = await e2e.page();
      const requests = watchSearches(page);
      await page.goto('/jobb?mainCategory=IT');
      await untilHydrated(page, '/jobb');
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);
      const { totalHits: itTotal } = await api('mainCategory=IT');
      expect(await page.locator('.results-summary').textContent()).toBe(summaryOf(itTotal));

      // A filter refines in the page: a search goes out, the URL and the results follow, no page load.
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await page.getByRole('combobox', { name: 'Ort', exact: true }).selectOption('Stockholm');
      await page.waitForURL((url) => url.search === '?mainCategory=IT&city=Stockholm');
      await expectHeading(page, 'Jobb inom IT i Stockholm');
      const expected = await api('mainCategory=IT&city=Stockholm');
      await expect
        .poll(() => page.locator('.results-summary').textContent())
        .toBe(summaryOf(expected.totalHits));
      expect(
        await page
          .locator('.jobs-content .job-card-link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(expected.jobs.map((hit) => `/jobb/${encodeURIComponent(hit._id)}`));
      // Sent once: a widget mounted or unmounted on the way (results mode, 'Laddar...') would each
      // start the same search again.
      const searches = requests.filter((request) => request.startsWith('POST /api/search/multi-search'));
      expect(searches.filter((request) => request.includes('Stockholm'))).toHaveLength(1);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    },
  );

  it('ids stay unique when a logged-in visitor’s parts take the place of the server’s', async () => {
    const user = await e2e.portal.createUser();
    for (const address of ['/jobb?search=utvecklare', '/', `/jobb/${job.id}`]) {
      const page = await e2e.page({ token: user.token, path: address });
      await page.waitForLoadState('networkidle');
      const repeated = await page.evaluate(() => {
        const seen = new Map<string, number>();
        document
          .querySelectorAll('[id]')
          .forEach((element) => seen.set(element.id, (seen.get(element.id) ?? 0) + 1));
        return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
      });
      expect(repeated, address).toEqual([]);
      await page.context().close();
    }
    // The logged-in form that replaced the visitor's after hydration: its label names its select.
    const page = await e2e.page({ token: user.token, path: '/jobb?search=utvecklare' });
    const form = page.getByRole('form', { name: 'Spara sökning' });
    await expect.poll(() => form.getByRole('combobox', { name: 'Bevaka' }).count()).toBe(1);
  });

  it('a logged-in visitor gets the same job page as everyone, kept by a shared cache, with nothing of theirs', async () => {
    const user = await e2e.portal.createUser();
    const address = `/jobb/${encodeURIComponent(job.id)}`;
    const page = await e2e.page({ token: user.token });
    const response = await page.goto(address);
    const theirs = await response!.text();
    const headers = response!.headers();
    expect(headers.etag).toMatch(/^"[\w-]+-[\w.-]+"$/);
    expect(headers['cache-control']).toMatch(/^public, /);
    // Their page names neither them nor their address, before or after the app knows who they are.
    for (const personal of [user.email, user.name, user.token]) expect(theirs).not.toContain(personal);
    await expect.poll(() => page.getByRole('button', { name: /Spara jobb/ }).count()).toBeGreaterThan(0);

    // An anonymous visitor is given the very bytes the logged-in one got: one page for everyone.
    const anonymous = await fetch(new URL(address, e2e.portal.url));
    expect(anonymous.headers.get('etag')).toBe(headers.etag);
    expect(await anonymous.text()).toBe(theirs);
    const revalidated = await fetch(new URL(address, e2e.portal.url), {
      headers: { 'if-none-match': headers.etag! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("on the job page 'Spara jobb' reacts once the page has hydrated", async () => {
    const page = await e2e.page();
    await page.goto(`/jobb/${job.id}`);
    expect(await headingOf(page)).toBe(job.title);
    const status = page.locator('.save-job-status');
    await expect
      .poll(async () => {
        // A click before hydration does nothing: try again until the button answers.
        if ((await status.count()) === 0 || !(await status.textContent())?.trim())
          await page.getByRole('button', { name: 'Spara jobb' }).click();
        return status.textContent();
      })
      .toContain('🔒 Du måste vara inloggad för att spara jobb.');
  });
});

/** Waits until the page's scripts have taken over (on /jobb the filter panel says so itself). */
async function untilHydrated(page: Page, address: string): Promise<void> {
  if (address.startsWith('/jobb') && !address.startsWith('/jobb/'))
    await page.locator('.jobs-filters.is-scripted').waitFor();
  else await page.waitForLoadState('load');
}

/** What a crawler gets: the raw HTML, status and headers, no browser. */
async function crawl(address: string) {
  const response = await fetch(`${e2e.portal.url}${address}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The text inside #root (comments dropped, tags as spaces, white space collapsed). */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-data">');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  const markup = html.slice(start, end).replace(/<!--[\s\S]*?-->/g, '');
  return decodeHtml(markup.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const metaOf = (html: string, name: string) => {
  const value = new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
};
const canonicalOf = (html: string) => {
  const value = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
};

describe('what a crawler gets', () => {
  it('a job page has the ad’s title and description in #root, and the data to hydrate from', async () => {
    const page = await crawl(`/jobb/${job.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('server-timing')).toMatch(/^ssr;dur=\d/);
    const text = rootText(page.html);
    expect(text).toContain(collapse(job.title));
    expect(text).toContain(collapse(job.company!));
    const firstParagraph = collapse(job.descriptionText.split('\n')[0]!).slice(0, 80);
    expect(firstParagraph.length).toBeGreaterThan(20);
    expect(text).toContain(firstParagraph);
    expect(text).toContain('Ansök nu');
    const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(page.html)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ answers: expect.any(Object) });
  });

  it('/jobb: the job browser and one-category or one-place searches are indexable at a stable address', async () => {
    const base = e2e.portal.url;
    const landings: Array<[string, string, string, string]> = [
      ['/jobb', '/jobb', 'Bläddra bland jobb på Jobbportalen', ''],
      ['/jobb?mainCategory=IT', '/jobb?mainCategory=IT', 'Jobb inom IT', 'mainCategory=IT'],
      ['/jobb?city=Stockholm', '/jobb?city=Stockholm', 'Jobb i Stockholm', 'city=Stockholm'],
      ['/jobb?city=Malm%C3%B6', '/jobb?city=Malm%C3%B6', 'Jobb i Malmö', 'city=Malm%C3%B6'],
      // The order is no part of what the page is about (its first hit is the API's in that order).
      [
        '/jobb?city=Stockholm&sort=deadline',
        '/jobb?city=Stockholm',
        'Jobb i Stockholm',
        'city=Stockholm&sort=deadline',
      ],
    ];
    for (const [address, canonical, heading, query] of landings) {
      const page = await crawl(address);
      expect(page.status, address).toBe(200);
      expect(canonicalOf(page.html), address).toBe(`${base}${canonical}`);
      expect(metaOf(page.html, 'robots'), address).toBeUndefined();
      const text = rootText(page.html);
      expect(text, address).toContain(heading);
      if (!query) continue;
      const { totalHits, jobs } = await api(query);
      expect(totalHits, address).toBeGreaterThan(0);
      expect(titleOf(page.html), address).toBe(`${heading} – Jobbportalen`);
      expect(metaOf(page.html, 'description'), address).toContain(`${number.format(totalHits)} lediga jobb`);
      // The results themselves are in the HTML, not only their number.
      expect(text, address).toContain(summaryOf(totalHits));
      expect(text, address).toContain(collapse(jobs[0]!.title));
    }
  });

  it('/jobb: other searches are noindex, follow, with a title and description of their own', async () => {
    const searches: Array<[string, string]> = [
      ['/jobb?mainCategory=IT&city=Stockholm', 'mainCategory=IT&city=Stockholm'],
      ['/jobb?search=utvecklare', 'search=utvecklare'],
      ['/jobb?search=sjuksk%C3%B6terska', 'search=sjuksk%C3%B6terska'],
      ['/jobb?mainCategory=IT&page=2', 'mainCategory=IT&page=2'],
    ];
    const titles = new Set<string>();
    for (const [address, query] of searches) {
      const page = await crawl(address);
      expect(page.status, address).toBe(200);
      expect(metaOf(page.html, 'robots'), address).toBe('noindex, follow');
      expect(page.html, address).toContain('<meta name="robots" content="noindex, follow" />');
      expect(canonicalOf(page.html), address).toBeUndefined();
      const { totalHits } = await api(query);
      expect(totalHits, address).toBeGreaterThan(0);
      expect(metaOf(page.html, 'description'), address).toContain(`${number.format(totalHits)} lediga jobb`);
      titles.add(titleOf(page.html));
    }
    expect(titles.size).toBe(searches.length);
    expect(titleOf((await crawl('/jobb?search=utvecklare')).html)).toContain('utvecklare');
  });

  it("an unknown path is a 404 with the app's 'Sidan finns inte' in the HTML", async () => {
    const page = await crawl('/sidan-finns-inte');
    expect(page.status).toBe(404);
    expect(page.headers.get('server-timing')).toMatch(/^ssr;dur=\d/);
    expect(rootText(page.html)).toContain('Sidan finns inte');
    expect(titleOf(page.html)).toBe('Sidan finns inte – Jobbportalen');
  });
});

describe('landing pages a shared cache can keep', () => {
  it('/jobb and its searches carry an ETag of their bytes, and 304 for it', async () => {
    for (const address of ['/jobb', '/jobb?mainCategory=IT', '/jobb?city=Stockholm']) {
      const first = await fetch(`${e2e.portal.url}${address}`);
      const etag = first.headers.get('etag');
      expect(etag, address).toMatch(/^"p-[\w-]{22}"$/);
      expect(first.headers.get('cache-control'), address).toBe('public, no-cache');
      const again = await fetch(`${e2e.portal.url}${address}`, { headers: { 'if-none-match': etag! } });
      expect(again.status, address).toBe(304);
    }
  });
});

describe('data first, then one render', () => {
  it('renders the start page, a job page and a search page in one pass', async () => {
    const [ad] = await e2e.portal.liveJobs({ limit: 1 });
    const passesOf = async (address: string) => {
      const page = await crawl(address);
      expect(page.status, address).toBe(200);
      return /render;dur=[\d.]+;desc="(\d+) passes"/.exec(page.headers.get('server-timing') ?? '')?.[1];
    };
    expect(await passesOf('/')).toBe('1');
    // Other files on this portal may have had the ad's page rendered, and the server keeps a job
    // page by its address: a query the page ignores makes an address nobody has asked for yet.
    expect(await passesOf(`/jobb/${encodeURIComponent(ad!.id)}?besok=${randomUUID()}`)).toBe('1');
    expect(await passesOf('/jobb?search=montör&extent=Heltid')).toBe('1');
    expect(await passesOf('/jobb?search=utvecklare&published=7')).toBe('1');
  });
});

describe('the search pages’ first search, run before the one render', () => {
  // The server's renderer, loaded as the server loads it, asking the portal's API over HTTP.
  const loadRenderer = async () =>
    (await import(pathToFileURL(path.join(webDistServer, 'entry-server.js')).href)) as ServerRenderer;
  const request = (url: string) => ({
    url,
    fetchApi: async (apiPath: string) => {
      const answer = await fetch(`${e2e.portal.url}${apiPath}`, {
        headers: { accept: 'application/json' },
      });
      return { status: answer.status, body: (await answer.json()) as unknown };
    },
    searchHttpClient: async (target: string | URL | Request, init?: RequestInit) => {
      const { pathname, search } = new URL(target instanceof Request ? target.url : target);
      const answer = await fetch(`${e2e.portal.url}${pathname}${search}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: init?.body ?? null,
      });
      return (await answer.json()) as unknown;
    },
    occupationLexicon: occupationLexicon(),
  });

  it('is what InstantSearch’s own discovery of the page finds: the same state and requests', async () => {
    const renderer = await loadRenderer();
    for (const address of SEARCH_PAGES) {
      const made = (await renderer.renderPage(request(address))).pageData.searchState?.initialResults;
      const found = (await renderer.discoverJobsSearch(request(address))).initialResults;
      expect(Object.keys(made ?? {}), address).toEqual(Object.keys(found));
      for (const [index, results] of Object.entries(found)) {
        expect(made![index]!.state, address).toEqual(results.state);
        expect(made![index]!.requestParams, address).toEqual(results.requestParams);
        expect(made![index]!.results.length, address).toBe(results.results.length);
      }
    }
  });

  it('renders each page as the browser’s first render makes it, byte for byte', async () => {
    // The server renders /jobb from a snapshot of its search (jobs-search-snapshot.ts); the browser
    // hydrates it with InstantSearch started from the results the page carries. Hydration keeps
    // the server's HTML only where the two agree, ids (useId) included.
    const renderer = await loadRenderer();
    const addresses = [
      ...SEARCH_PAGES,
      // No hits (zero-hit help), a text read as a filter ('Visar jobb som …'), a chosen menu.
      '/jobb?search=qxzvw',
      `/jobb?search=${encodeURIComponent('lärarjobb malmö')}`,
      '/jobb?mainCategory=IT&form=Vanlig+anst%C3%A4llning',
    ];
    for (const address of addresses) {
      const page = await renderer.renderPage(request(address));
      expect(page.html, address).toContain('class="page jobs-page"');
      expect(await renderer.renderAsHydrated(request(address), page.pageData), address).toBe(page.html);
    }
  });
});

describe('the JavaScript each route loads', () => {
  it('stays within its gzipped budget: job page, start page, /jobb', async () => {
    const routes: Array<[string, string]> = [
      ['/jobb/{id}', `/jobb/${encodeURIComponent(job.id)}`],
      ['/', '/'],
      ['/jobb', '/jobb'],
    ];
    for (const [label, path] of routes) {
      const page = await e2e.page();
      const loaded = recordScriptLoads(page);
      await gotoAndSettle(page, path);
      await page.waitForLoadState('networkidle');
      const scripts = await loaded();
      // A page that loaded no script at all would pass any budget: it must have loaded the app.
      expect(scripts.length, label).toBeGreaterThan(0);
      const kb = gzippedTotal(scripts) / 1000;
      expect(
        kb,
        `${label}: ${scripts.map((s) => `${s.url} ${(s.gzip / 1000).toFixed(1)}`).join(', ')}`,
      ).toBeLessThanOrEqual(SCRIPT_BUDGETS_KB[label]!);
    }
  });
});
