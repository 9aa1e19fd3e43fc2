/// <reference lib="dom" />
// `npm run bench:web`: what the public web app costs a visitor. Builds the web app when stale,
// starts a portal over a simulator corpus (the real server and API, a temporary Meilisearch) and
// measures in Chromium:
//   - the JavaScript each route loads on a cold visit, gzipped (every JS response of the page,
//     compressed here with zlib level 6 — the server itself sends them uncompressed, see below);
//     budgets: start page ≤ 120 KB, /jobb ≤ 180 KB (the run exits with 1 when one is exceeded);
//   - the largest contentful paint of /, /jobb and /jobb/{id} (PerformanceObserver
//     'largest-contentful-paint'), median of --runs cold visits. On localhost without throttling
//     this shows the app's own work (bundles, API round trips, rendering), not network latency.
//   --ads N (2000)  --seed S (1)  --runs R (5)
import os from 'node:os';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchChromium } from '../../web/e2e/support/browser.js';
import { settle } from '../../web/e2e/support/pages.js';
import { startE2ePortal, type E2ePortal } from '../../web/e2e/support/portal.js';
import { publicRoutes } from '../../web/e2e/support/routes.js';
import { ensureWebBuilt } from '../../web/e2e/support/web-build.js';
import { startTemporarySearchEngine } from './lib/search-engine.js';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Math.max(1, Number(args.runs));

/** Gzipped JavaScript budgets per route (KB = 1,000 bytes). */
const BUDGETS_KB: Record<string, number> = { '/': 120, '/jobb': 180 };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface ScriptLoad {
  url: string;
  raw: number;
  gzip: number;
  encoding: string | undefined;
}

/** A cold visit: a fresh context (empty cache), the route loaded until it has rendered. */
async function coldVisit<T>(
  browser: Browser,
  portal: E2ePortal,
  path: string,
  measure: (page: Page) => Promise<T>,
  onPage?: (page: Page) => void,
): Promise<T> {
  const context = await browser.newContext({ baseURL: portal.url, viewport: DESKTOP, locale: 'sv-SE' });
  try {
    const page = await context.newPage();
    onPage?.(page);
    await page.goto(path);
    await settle(page);
    await page.waitForLoadState('networkidle');
    return await measure(page);
  } finally {
    await context.close();
  }
}

async function scriptsOf(browser: Browser, portal: E2ePortal, path: string): Promise<ScriptLoad[]> {
  const pending: Promise<ScriptLoad | null>[] = [];
  await coldVisit(
    browser,
    portal,
    path,
    async () => undefined,
    (page) =>
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
        pending.push(
          response
            .body()
            .then((body) => ({
              url: new URL(response.url()).pathname,
              raw: body.length,
              gzip: zlib.gzipSync(body, { level: 6 }).length,
              encoding: response.headers()['content-encoding'],
            }))
            .catch(() => null),
        );
      }),
  );
  return (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
}

async function largestContentfulPaint(browser: Browser, portal: E2ePortal, path: string) {
  return coldVisit(browser, portal, path, (page) =>
    page.evaluate(
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
    ),
  );
}

await ensureWebBuilt();
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
    details.set(route.path, scripts);
    servedEncoding ??= scripts[0]?.encoding;
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const budget = BUDGETS_KB[route.path];
    const verdict =
      budget === undefined ? '' : gzip <= budget * 1000 ? `✓ ≤ ${budget} KB` : `✗ > ${budget} KB`;
    if (budget !== undefined && gzip > budget * 1000) overBudget = true;
    const label = route.path.replace(jobId, '{id}');
    console.log(
      label.padEnd(40),
      String(scripts.length).padStart(5),
      kb(raw).padStart(13),
      kb(gzip).padStart(10),
      ' ',
      verdict,
    );
  }
  for (const path of ['/', '/jobb']) {
    console.log(`\n  ${path}:`);
    for (const script of (details.get(path) ?? []).sort((a, b) => b.gzip - a.gzip))
      console.log(`    ${script.url.padEnd(46)} ${kb(script.gzip).padStart(9)}`);
  }
  console.log(
    `\nServern skickar JavaScript ${servedEncoding ? `med content-encoding ${servedEncoding}` : 'okomprimerat (ingen content-encoding)'}.`,
  );

  console.log(`\nLargest contentful paint (median av ${runs} kalla besök, localhost, ingen strypning)`);
  for (const path of ['/', '/jobb', `/jobb/${jobId}`]) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await largestContentfulPaint(browser, portal, path));
    const times = samples.map((sample) => sample.time).filter((time) => Number.isFinite(time));
    const elements = [...new Set(samples.map((sample) => sample.element))].join(', ');
    console.log(
      `${path.replace(jobId, '{id}').padEnd(16)} ${times.length ? `${median(times).toFixed(0)} ms` : 'n/a'}`.padEnd(
        28,
      ),
      `(min ${times.length ? Math.min(...times).toFixed(0) : '–'}, max ${times.length ? Math.max(...times).toFixed(0) : '–'} ms; element: ${elements})`,
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
