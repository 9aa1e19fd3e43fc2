/// <reference lib="dom" />
// `npm run bench:web`: what the public web app costs a visitor. Builds the web app when stale (a
// production build), starts a portal over a simulator corpus (the real server and API, a
// temporary Meilisearch) and measures in Chromium:
//   - the JavaScript each route loads on a cold visit, gzipped (every JS response of the page,
//     compressed here with zlib level 6 — what the server sends is its precompressed brotli copy);
//     budgets: start page ≤ 120 KB, /jobb ≤ 180 KB, a job page /jobb/{id} ≤ 100 KB (the run exits
//     with 1 when one is exceeded; web/e2e/script-budgets.test.ts checks the same in the suite);
//   - the largest contentful paint (PerformanceObserver 'largest-contentful-paint') of /, /jobb,
//     two searches and /jobb/{id}: median and spread of --runs cold visits (a fresh context, empty
//     cache) on Lighthouse's mobile profile — 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up,
//     CPU slowed 4× (Chromium's own throttling through CDP), a phone's viewport — with the targets
//     (≤ 1.0 s /jobb/{id}, ≤ 1.2 s the search pages) printed as met or not met, never failing the
//     run; the bytes each visit transferred; when the app marked the page interactive and the
//     total blocking time until then (long tasks beyond 50 ms: loading the scripts and hydrating);
//     the first byte (TTFB) and the server's own time for the HTML (Server-Timing ssr; the first
//     visit's, rendered for it, and the median, mostly kept or shared pages): what streaming the
//     head before the body could at most win.
//   - then the server's render time under load (./web-render-load.ts): 32 connections for
//     --render-seconds over a mix of page URLs on a portal of --render-ads live ads, with the p95 of
//     each page's `Server-Timing: render` against the target (≤ 50 ms), printed as met or not met,
//     beside the whole request's (`ssr`) and the throughput.
//   --ads N (2000)  --seed S (1)  --runs R (5)
//   --no-throttle     localhost without throttling, desktop viewport: the app's own work only
//   --no-compression  asks the server not to compress HTML and JSON (x-no-compression), to compare
//   --render-ads N (50000)  --render-seconds S (20)
//   --no-render       skips the render-load phase;  --render-only  runs nothing else
//   --no-page-store   renders job pages without the store on disk and its warmer (as before #26's)
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, launchChromium } from '../../web/e2e/support/browser.js';
import { settle } from '../../web/e2e/support/pages.js';
import { startE2ePortal, type E2ePortal } from '../../web/e2e/support/portal.js';
import { publicRoutes } from '../../web/e2e/support/routes.js';
import {
  gzippedTotal,
  recordScriptLoads,
  SCRIPT_BUDGETS_KB,
  type ScriptLoad,
} from '../../web/e2e/support/script-loads.js';
import { ensureWebBuilt } from '../../web/e2e/support/web-build.js';
import { startTemporarySearchEngine } from './lib/search-engine.js';
import { runRenderLoad } from './web-render-load.js';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    'no-throttle': { type: 'boolean', default: false },
    'no-compression': { type: 'boolean', default: false },
    'render-ads': { type: 'string', default: '50000' },
    'render-seconds': { type: 'string', default: '20' },
    'no-render': { type: 'boolean', default: false },
    'render-only': { type: 'boolean', default: false },
    'render-db': { type: 'string', default: 'both' },
    'no-page-store': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs));
const throttled = !args['no-throttle'];

/** Lighthouse's mobile profile (its "slow 4G" and a mid-range phone), in CDP's units. */
const MOBILE_PROFILE = {
  network: {
    offline: false,
    latency: 150, // ms, round trip
    downloadThroughput: (1.6 * 1024 * 1024) / 8, // bytes/s
    uploadThroughput: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
  context: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  },
} as const;

/** The largest-contentful-paint targets on the mobile profile, in ms; none fails the run yet. */
const LCP_TARGETS_MS: Record<string, number> = {
  '/jobb': 1200,
  '/jobb?search=utvecklare': 1200,
  '/jobb?mainCategory=Vård&city=Göteborg': 1200,
  '/jobb/{id}': 1000,
};
const LCP_ROUTES = [
  '/',
  '/jobb',
  '/jobb?search=utvecklare',
  '/jobb?mainCategory=Vård&city=Göteborg',
  '/jobb/{id}',
];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const verdict = (value: number, limit: number | undefined, unit: string) =>
  limit === undefined
    ? ''
    : value <= limit
      ? `✓ target met (≤ ${limit}${unit})`
      : `✗ target not met (> ${limit}${unit})`;

/**
 * A cold visit: a fresh context (empty cache), the route loaded until it has rendered. With
 * `throttle`, the network and CPU are slowed before the first request leaves.
 */
async function coldVisit<T>(
  browser: Browser,
  portal: E2ePortal,
  path: string,
  options: { throttle: boolean },
  measure: (page: Page) => Promise<T>,
  onPage?: (page: Page) => unknown,
): Promise<T> {
  const contextOptions: BrowserContextOptions = {
    baseURL: portal.url,
    locale: 'sv-SE',
    ...(throttled ? MOBILE_PROFILE.context : { viewport: DESKTOP }),
    ...(args['no-compression'] ? { extraHTTPHeaders: { 'x-no-compression': '1' } } : {}),
  };
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    if (options.throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', MOBILE_PROFILE.network);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
    }
    await onPage?.(page);
    await page.goto(path, { timeout: 60_000 });
    await settle(page);
    await page.waitForLoadState('networkidle');
    return await measure(page);
  } finally {
    await context.close();
  }
}

async function scriptsOf(browser: Browser, portal: E2ePortal, path: string): Promise<ScriptLoad[]> {
  let loaded: () => Promise<ScriptLoad[]> = async () => [];
  // Sizes do not depend on the network's speed: this pass runs unthrottled.
  await coldVisit(
    browser,
    portal,
    path,
    { throttle: false },
    async () => undefined,
    (page) => (loaded = recordScriptLoads(page)),
  );
  return loaded();
}

interface PaintVisit {
  time: number;
  element: string;
  /** When the app marked the page interactive (<html data-app="interactive">), ms after navigation. */
  interactiveAt: number;
  /**
   * Total blocking time until then: the sum of every long task's time beyond 50 ms (Lighthouse's
   * definition), counting the tasks that started before the page became interactive — loading
   * the scripts and hydrating.
   */
  blockingMs: number;
  /** Bytes over the wire (headers and encoded bodies) of every request of the visit. */
  transferred: number;
  /** Content-Encoding of the page's HTML and of its /api answers. */
  encodings: Set<string>;
  /**
   * The page's first byte (navigation's responseStart, ms) and, of that, the server's own time
   * for the HTML (its Server-Timing `ssr`): streaming the head before the body could bring the
   * first byte forward by no more than the server's time (#26 asks whether it helps).
   */
  firstByte: number;
  serverMs: number;
}

async function largestContentfulPaint(
  browser: Browser,
  portal: E2ePortal,
  path: string,
): Promise<PaintVisit> {
  const sizes: Promise<number>[] = [];
  const encodings = new Set<string>();
  const paint = await coldVisit(
    browser,
    portal,
    path,
    { throttle: throttled },
    async (page) => ({
      ...(await readHydration(page)),
      ...(await readFirstByte(page)),
      ...(await page.evaluate(
        () =>
          new Promise<{ time: number; element: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as
                (PerformanceEntry & { element?: Element | null }) | undefined;
              if (!last) return;
              const element = last.element;
              const label = element
                ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`
                : '?';
              resolve({ time: last.startTime, element: label });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve({ time: Number.NaN, element: 'none reported' }), 3000);
          }),
      )),
    }),
    async (page) => {
      await page.addInitScript(watchHydration);
      page.on('requestfinished', (request) => {
        sizes.push(
          request
            .sizes()
            .then((size) => size.responseHeadersSize + size.responseBodySize)
            .catch(() => 0),
        );
      });
      page.on('response', (response) => {
        const kind = response.request().resourceType();
        const isApi = new URL(response.url()).pathname.startsWith('/api/');
        if (kind === 'document' || isApi) {
          const encoding = response.headers()['content-encoding'] ?? 'identity';
          encodings.add(`${kind === 'document' ? 'html' : 'api'} ${encoding}`);
        }
      });
    },
  );
  const transferred = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  return { ...paint, transferred, encodings };
}

/**
 * Runs in the page before its own scripts: notes every long task, for the blocking time of loading
 * and hydrating (read by readHydration).
 */
function watchHydration(): void {
  const watched = window as unknown as { __longTasks: [number, number][] };
  watched.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watched.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

async function readFirstByte(page: Page): Promise<{ firstByte: number; serverMs: number }> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const ssr = navigation?.serverTiming.find((metric) => metric.name === 'ssr');
    return { firstByte: navigation?.responseStart ?? Number.NaN, serverMs: ssr?.duration ?? Number.NaN };
  });
}

async function readHydration(page: Page): Promise<{ interactiveAt: number; blockingMs: number }> {
  return page.evaluate(() => {
    const watched = window as unknown as { __longTasks: [number, number][] };
    // main.tsx marks the moment the app has committed its first render (hydrated the page).
    const interactiveAt = performance.getEntriesByName('app-interactive')[0]?.startTime ?? Number.NaN;
    const blockingMs = watched.__longTasks
      .filter(([start]) => !(start > interactiveAt))
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { interactiveAt, blockingMs };
  });
}

/** The render-load phase, after the browser's measurements (or alone with --render-only). */
const renderLoad = () =>
  runRenderLoad({
    ads: Number(args['render-ads']),
    seconds: Number(args['render-seconds']),
    compression: !args['no-compression'],
    databases: args['render-db'],
    pageStore: !args['no-page-store'],
  });

await ensureWebBuilt();
if (args['render-only']) {
  await renderLoad();
  process.exit();
}
const engine = await startTemporarySearchEngine();
let portal: E2ePortal | undefined;
let browser: Browser | undefined;
let overBudget = false;
try {
  console.log(`Startar portal med ${args.ads} annonser (seed ${args.seed}) …`);
  portal = await startE2ePortal({
    ads: Number(args.ads),
    seed: Number(args.seed),
    meili: { url: engine.url, apiKey: engine.apiKey },
    verbose: true,
  });
  browser = await launchChromium();
  const jobId = await portal.jobId();
  const routes = publicRoutes({ liveId: jobId }).filter((route) => !route.loggedIn && route.name !== '404');

  const profile = throttled
    ? `mobilprofil: ${MOBILE_PROFILE.network.latency} ms RTT, 1,6 Mbit/s ned, 750 kbit/s upp, CPU ${MOBILE_PROFILE.cpuSlowdown}× långsammare, ${MOBILE_PROFILE.context.viewport.width}×${MOBILE_PROFILE.context.viewport.height}`
    : 'localhost, ingen strypning, skrivbordsfönster';
  console.log(
    `\nJavaScript per route (kall cache, gzip nivå 6), ${os.cpus().length} kärnor, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    'route'.padEnd(40),
    'filer'.padStart(5),
    'okomprimerat'.padStart(13),
    'gzip'.padStart(10),
    '  budget',
  );
  let servedEncoding: string | undefined;
  const details = new Map<string, ScriptLoad[]>();
  for (const route of routes) {
    const scripts = await scriptsOf(browser, portal, route.path);
    const label = route.path.replace(jobId, '{id}');
    details.set(label, scripts);
    servedEncoding ??= scripts[0]?.encoding;
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzip = gzippedTotal(scripts);
    const budget = SCRIPT_BUDGETS_KB[label];
    const note = budget === undefined ? '' : gzip <= budget * 1000 ? `✓ ≤ ${budget} KB` : `✗ > ${budget} KB`;
    if (budget !== undefined && gzip > budget * 1000) overBudget = true;
    console.log(
      label.padEnd(40),
      String(scripts.length).padStart(5),
      kb(raw).padStart(13),
      kb(gzip).padStart(10),
      ' ',
      note,
    );
  }
  for (const path of ['/', '/jobb', '/jobb/{id}']) {
    console.log(`\n  ${path}:`);
    for (const script of (details.get(path) ?? []).sort((a, b) => b.gzip - a.gzip))
      console.log(`    ${script.url.padEnd(46)} ${kb(script.gzip).padStart(9)}`);
  }
  console.log(
    `\nServern skickar JavaScript ${servedEncoding ? `med content-encoding ${servedEncoding}` : 'okomprimerat (ingen content-encoding)'}.`,
  );

  console.log(
    `\nLargest contentful paint (median av ${runs} kalla besök; ${profile}${args['no-compression'] ? '; HTML och JSON okomprimerat' : ''})`,
  );
  console.log(
    'route'.padEnd(40),
    'median'.padStart(8),
    'min–max'.padStart(14),
    'överfört'.padStart(10),
    'interaktiv'.padStart(11),
    'TBT'.padStart(8),
    'TTFB'.padStart(8),
    'server 1:a/med'.padStart(14),
    '  kodning / element / mål',
  );
  for (const route of LCP_ROUTES) {
    const path = route.replace('{id}', jobId);
    const samples: PaintVisit[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await largestContentfulPaint(browser, portal, path));
    const times = samples.map((sample) => sample.time).filter((time) => Number.isFinite(time));
    const elements = [...new Set(samples.map((sample) => sample.element))].join(', ');
    const encodings = [...new Set(samples.flatMap((sample) => [...sample.encodings]))].sort().join(', ');
    const middle = times.length ? median(times) : Number.NaN;
    console.log(
      route.padEnd(40),
      (times.length ? `${middle.toFixed(0)} ms` : 'n/a').padStart(8),
      (times.length ? `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms` : '–').padStart(
        14,
      ),
      kb(median(samples.map((sample) => sample.transferred))).padStart(10),
      `${median(samples.map((sample) => sample.interactiveAt)).toFixed(0)} ms`.padStart(11),
      `${median(samples.map((sample) => sample.blockingMs)).toFixed(0)} ms`.padStart(8),
      `${median(samples.map((sample) => sample.firstByte)).toFixed(0)} ms`.padStart(8),
      // The first visit's page was rendered for it; later ones were mostly kept or shared pages.
      `${samples[0]!.serverMs.toFixed(1)}/${median(samples.map((sample) => sample.serverMs)).toFixed(1)} ms`.padStart(
        14,
      ),
      ` ${encodings}; ${elements}`,
      throttled && times.length ? ` ${verdict(middle, LCP_TARGETS_MS[route], ' ms')}` : '',
    );
  }
  if (overBudget) {
    console.error('\nMinst en route laddar mer JavaScript än sin budget.');
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await portal?.close();
  await engine.close();
}
if (!args['no-render']) await renderLoad();
