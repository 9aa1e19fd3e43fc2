// The render-load phase of `npm run bench:web`: what the server's HTML pages cost under load, on
// each database asked for (--render-db): the embedded default's PGlite, and PostgreSQL (a scratch
// database on TEST_DATABASE_URL, else BENCH_POSTGRES_URL, else the local server). On each, a
// portal with `ads` live simulator ads and a Meilisearch of its own, filled as the indexer would
// (lib/traffic-world.ts), and our server in a process of its own (NODE_ENV=production, the heap
// cap of `npm start`; on PGlite started as `npm start` starts it, indexer in-process), serving the
// built web app from web/dist, with PUBLIC_URL set as production has it, and job pages stored on
// disk (job-page-store.ts): the measurements start once the warmer (job-page-warmer.ts) has stored
// every live ad's page, and the time that took is printed (--no-page-store: every job page is
// rendered per visit, as before the store). Two measurements follow, 32 connections each:
//   - a mix of pages for `seconds`: job pages of random live ads, the start page, /jobb, text
//     searches (the traffic bench's Zipf-distributed questions) and filtered searches (main
//     category, city, both). Printed per kind and overall: requests, throughput, p50/p95/p99 of
//     what each page's Server-Timing reports — `render` (the renderer's own passes, the target's
//     measure) and `ssr` (the request's arrival to the HTML being ready, queueing included) — and
//     of the end-to-end response time, and the non-2xx answers — none are expected: every job
//     page is of a live ad;
//   - page against JSON (#26), four phases of `seconds`, one kind at a time: /jobb/{id} pages,
//     /api/jobs/{id} of the same drawn ads, /jobb?search=… pages, /api/jobs?search=… of the same
//     questions. Printed per phase: throughput, p50/p95/p99 response time, non-2xx; then the
//     ratios page / JSON against the targets (job pages ≥ 0.8×, search pages ≥ 0.5×) and the job
//     page's p99 (≤ 400 ms), as met or not met — never failing the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MAIN_CATEGORIES,
  POPULAR_CITIES,
  serializeJobQuery,
  type JobQuery,
} from '../../contracts/src/index.js';
import { parseExposition, sampleSum } from '../../server/src/metrics/exposition.test-helper.js';
import { ensureWebBuilt } from '../../web/e2e/support/web-build.js';
import { percentile } from './lib/load.js';
import { seededRandom, zipfSampler } from './lib/random-draws.js';
import { runTaggedLoad, type ResponseSample, type TaggedRequest } from './lib/tagged-load.js';
import { rankedQuestions } from './lib/traffic-questions.js';
import { startTrafficWorld } from './lib/traffic-world.js';

export type RenderDatabase = 'pglite' | 'postgres';

export interface RenderLoadOptions {
  ads: number;
  /** The length of the mixed phase and of each page-against-JSON phase. */
  seconds: number;
  /** bench:web's --render-db: pglite, postgres or both (one portal after the other, PGlite first). */
  databases: string;
  /** Ask for compressed answers as a browser does (false: x-no-compression, as bench:web's flag). */
  compression: boolean;
  /**
   * Job pages stored on disk and made ahead of visitors (job-page-store.ts, job-page-warmer.ts), as
   * production runs (PUBLIC_URL set): the measurements start once the warmer's first round has
   * stored every live ad's page. False (--no-page-store): rendered per visit, as before.
   */
  pageStore: boolean;
}

/** The bearer token of the bench server's /metrics, which says when the warmer's round ended. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

/** The issue's target (#17): server render p95 at 32 concurrent requests. */
const TARGET_P95_MS = 50;
const CONNECTIONS = 32;
/** How the traffic bench's questions repeat (its --zipf default). */
const ZIPF_S = 1.1;
/** #26's targets: a page's throughput against its JSON's, and the job page's tail. */
const TARGET_JOB_RATIO = 0.8;
const TARGET_SEARCH_RATIO = 0.5;
const TARGET_JOB_PAGE_P99_MS = 400;
/** Draws per sequence: more than a phase asks for, so a phase never repeats its own. */
const DRAWS = 200_000;
/** Warm-ups run on the sequence's second half, away from what is then measured. */
const WARM_FROM = DRAWS / 2;

/** The kinds of page in the mix, in the order printed, with their share of the requests. */
const KINDS = [
  { tag: '/jobb/{id}', share: 0.4 },
  { tag: '/jobb?search=…', share: 0.25 },
  { tag: '/jobb?mainCategory=…&city=…', share: 0.15 },
  { tag: '/jobb', share: 0.1 },
  { tag: '/', share: 0.1 },
] as const;
type Kind = (typeof KINDS)[number]['tag'];

const jobsPath = (query: JobQuery) => {
  const search = serializeJobQuery(query);
  return search ? `/jobb?${search}` : '/jobb';
};

/**
 * `length` page requests drawn with the seeded generators (the same sequence every run): a job
 * page of a uniformly drawn live ad (no cache helps a server with 50,000 of them); a text search
 * drawn Zipf-distributed from the traffic bench's ranked questions that have a text (with their
 * city, extent and page); a main category, a city or both, evenly.
 */
function pageMix(liveIds: readonly string[], length: number): TaggedRequest[] {
  const random = seededRandom(17);
  const questions = rankedQuestions(10_000);
  const texts = textQuestions(questions);
  const textRank = zipfSampler(texts.length, ZIPF_S, seededRandom(19));
  const cities = [
    ...new Set([...POPULAR_CITIES, ...questions.flatMap((question) => question.query.city ?? [])]),
  ];
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const filtered = (): JobQuery => {
    const draw = random();
    if (draw < 1 / 3) return { mainCategory: pick(MAIN_CATEGORIES) };
    if (draw < 2 / 3) return { city: pick(cities) };
    return { mainCategory: pick(MAIN_CATEGORIES), city: pick(cities) };
  };
  const pathOf: Record<Kind, () => string> = {
    '/jobb/{id}': () => `/jobb/${encodeURIComponent(pick(liveIds))}`,
    '/jobb?search=…': () => jobsPath(texts[textRank()]!.query),
    '/jobb?mainCategory=…&city=…': () => jobsPath(filtered()),
    '/jobb': () => '/jobb',
    '/': () => '/',
  };
  return Array.from({ length }, () => {
    let draw = random();
    const kind = KINDS.find(({ share }) => (draw -= share) < 0)?.tag ?? KINDS[0].tag;
    return { tag: kind, method: 'GET', path: pathOf[kind]() };
  });
}

/** The ranked questions that have a text (with their city, extent and page), most asked first. */
const textQuestions = (questions: ReturnType<typeof rankedQuestions>) =>
  questions.filter((question) => question.query.text !== undefined);

/** A metric's duration in a Server-Timing header ('ssr;dur=12.3, render;dur=4'), if any. */
function timingDuration(header: string | undefined, metricName: string): number | undefined {
  if (!header) return undefined;
  for (const metric of header.split(',')) {
    const [name, ...params] = metric.split(';').map((part) => part.trim());
    if (name !== metricName) continue;
    const dur = params.find((param) => param.startsWith('dur='));
    const ms = dur === undefined ? NaN : Number(dur.slice(4));
    if (Number.isFinite(ms)) return ms;
  }
  return undefined;
}

interface KindFigures {
  requests: number;
  perSecond: number;
  ssr: number[];
  /** The renderer's own passes, on the pages rendered afresh (a shared page has none). */
  render: number[];
  total: number[];
  /** Median size of an answer on the wire, in bytes. */
  bytes: number;
  /** Status → count, for every answer outside 2xx. */
  non2xx: Map<number, number>;
}

function figuresOf(samples: readonly ResponseSample[], seconds: number): KindFigures {
  const non2xx = new Map<number, number>();
  const ssr: number[] = [];
  const render: number[] = [];
  for (const sample of samples) {
    if (sample.status < 200 || sample.status > 299)
      non2xx.set(sample.status, (non2xx.get(sample.status) ?? 0) + 1);
    const duration = timingDuration(sample.headers['server-timing'], 'ssr');
    if (duration !== undefined) ssr.push(duration);
    const rendering = timingDuration(sample.headers['server-timing'], 'render');
    if (rendering !== undefined) render.push(rendering);
  }
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    ssr,
    render,
    total: samples.map((sample) => sample.ms),
    bytes: percentile(
      samples.map((sample) => sample.bytes),
      50,
    ),
    non2xx,
  };
}

const LABEL_WIDTH = 36;
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1)).padStart(9);
const spread = (values: readonly number[]) => [50, 95, 99].map((p) => ms(percentile(values, p))).join('');

function printTable(rows: [string, KindFigures][]) {
  const times = (name: string) => ['p50', 'p95', 'p99'].map((p) => `${name} ${p}`.padStart(9)).join('');
  console.log(
    `${'sida'.padEnd(LABEL_WIDTH)}${'anrop'.padStart(7)}${'per s'.padStart(7)}${'med ssr'.padStart(9)}${times('ssr')}${times('rend')}${times('svar')}${'storlek'.padStart(10)}${'ej 2xx'.padStart(8)}`,
  );
  for (const [label, figures] of rows) {
    const withSsr = figures.requests ? figures.ssr.length / figures.requests : 0;
    const statuses = [...figures.non2xx].map(([status, count]) => `${status}×${count}`).join(' ');
    const non2xx = [...figures.non2xx.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `${label.padEnd(LABEL_WIDTH)}${String(figures.requests).padStart(7)}${figures.perSecond.toFixed(0).padStart(7)}${`${(withSsr * 100).toFixed(0)} %`.padStart(9)}${spread(figures.ssr)}${spread(figures.render)}${spread(figures.total)}${`${(figures.bytes / 1000).toFixed(1)} KB`.padStart(10)}${String(non2xx).padStart(8)}${statuses ? ` (${statuses})` : ''}`,
    );
  }
}

const DATABASE_LABEL: Record<RenderDatabase, string> = {
  pglite: 'PGlite (inbyggt standardval)',
  postgres: 'PostgreSQL',
};

const postgresServer = () =>
  process.env.TEST_DATABASE_URL ??
  process.env.BENCH_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** What a request's answers should be: the page's HTML or the API's JSON, compressed or not. */
function requestHeaders(accept: string, compression: boolean): Record<string, string> {
  return {
    accept,
    ...(compression ? { 'accept-encoding': 'gzip, deflate, br' } : { 'x-no-compression': '1' }),
  };
}
const HTML = 'text/html,application/xhtml+xml';
const JSON_ONLY = 'application/json';

function renderDatabases(flag: string): RenderDatabase[] {
  if (flag === 'both') return ['pglite', 'postgres'];
  if (flag === 'pglite' || flag === 'postgres') return [flag];
  throw new Error(`--render-db must be pglite, postgres or both, not "${flag}"`);
}

/**
 * Fills a portal on each database in turn, loads it with the page mix and then page against JSON,
 * and prints the tables; with more than one database, the comparison of each side by side at the
 * end. Never fails on a target; a database that could not be run sets the exit code and the others
 * still run.
 */
export async function runRenderLoad(options: RenderLoadOptions): Promise<void> {
  const outcomes: [RenderDatabase, Comparison | undefined][] = [];
  for (const kind of renderDatabases(options.databases)) {
    try {
      outcomes.push([kind, await renderLoadOn(kind, options)]);
    } catch (error) {
      console.error(
        `\nServerrendering på ${DATABASE_LABEL[kind]} kunde inte köras: ${(error as Error).message}`,
      );
      outcomes.push([kind, undefined]);
      process.exitCode = 1;
    }
  }
  if (outcomes.length > 1) printSummary(outcomes);
}

async function renderLoadOn(kind: RenderDatabase, options: RenderLoadOptions): Promise<Comparison> {
  const label = DATABASE_LABEL[kind];
  console.log(`\nStartar portal för serverrendering: ${options.ads} annonser i ${label} och Meilisearch …`);
  const world = await startTrafficWorld({
    ads: options.ads,
    replicas: 1,
    database: kind === 'pglite' ? { kind } : { kind, url: postgresServer() },
    log: (line) => console.log(`  ${line}`),
  });
  let server: { url: string; stop(): Promise<void> } | undefined;
  const storeDir = options.pageStore ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-job-pages-')) : undefined;
  try {
    // The server reads web/dist as it starts: again now, in case the sources moved while the
    // portal filled (a build in progress elsewhere holds the lock, and this waits for it).
    await ensureWebBuilt();
    server = await world.startServer({
      // React's development build renders several times slower; production runs without it.
      NODE_ENV: 'production',
      METRICS_TOKEN,
      // Production's setup: the address the portal is reached at, so the warmer can build pages.
      PUBLIC_URL: 'http://127.0.0.1',
      JOB_PAGE_STORE_DIR: storeDir ?? 'off',
      // `npm start`'s heap cap, so the server renders within what production gives it (unless
      // NODE_OPTIONS sets another, to see what the cap costs).
      NODE_OPTIONS: /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '')
        ? process.env.NODE_OPTIONS!
        : `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=512`.trim(),
    });
    const liveIds = [...(await world.liveAds()).keys()];
    if (options.pageStore) await waitForWarmRound(server.url, liveIds.length);
    await mixedPhase(server.url, liveIds, options, label);
    return await pageAgainstJson(server.url, liveIds, options, label);
  } finally {
    await server?.stop();
    await world.close();
    if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
  }
}

/** Waits for the job page warmer's first round (every live ad's page stored), and prints it. */
async function waitForWarmRound(origin: string, ads: number) {
  const started = performance.now();
  console.log(`  väntar på att ${ads} jobbsidor lagras i förväg (job-page-warmer.ts) …`);
  for (;;) {
    const response = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
    const families = parseExposition(await response.text());
    if (sampleSum(families, 'jobbportalen_job_page_warm_rounds_total') >= 1) {
      const pages = (outcome: string) =>
        sampleSum(families, 'jobbportalen_job_page_warm_pages_total', { outcome });
      console.log(
        `  lagrade: ${pages('rendered')} sidor renderade (${pages('failed')} misslyckades) på ${((performance.now() - started) / 1000).toFixed(0)} s (${sampleSum(families, 'jobbportalen_job_page_warm_last_round_seconds').toFixed(0)} s för varvet)`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The page mix of every kind at once, with each page's Server-Timing against #17's target. */
async function mixedPhase(
  origin: string,
  liveIds: readonly string[],
  options: RenderLoadOptions,
  label: string,
) {
  // More draws than a run asks for, so none repeats the sequence; the warm-up (connections,
  // JIT, the server's first renders) starts halfway, away from what is then measured.
  const mix = pageMix(liveIds, DRAWS);
  const load = {
    connections: CONNECTIONS,
    headers: requestHeaders(HTML, options.compression),
    keepHeaders: ['server-timing'],
  };
  await runTaggedLoad(origin, mix.slice(WARM_FROM), { ...load, seconds: 3 });
  const result = await runTaggedLoad(origin, mix, { ...load, seconds: options.seconds });

  const rows: [string, KindFigures][] = KINDS.map(({ tag, share }) => [
    `${tag} (${(share * 100).toFixed(0)} %)`,
    figuresOf(
      result.samples.filter((sample) => sample.tag === tag),
      result.seconds,
    ),
  ]);
  const overall = figuresOf(result.samples, result.seconds);
  rows.push(['alla', overall]);
  console.log(
    `\nServerrendering under last på ${label}: ${options.ads} annonser, ${CONNECTIONS} samtidiga anslutningar i ${result.seconds.toFixed(0)} s (efter 3 s uppvärmning), ${options.compression ? 'accept-encoding gzip, deflate, br' : 'okomprimerat (x-no-compression)'}; ${os.cpus().length} kärnor, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    'ssr = Server-Timing: ssr;dur (från att anropet kom in till färdig HTML, köande i servern medräknat), rend = render;dur (renderarens egna pass, sidor som delas har inga), svar = hela svarstiden hos klienten (ms); storlek = median per svar över tråden',
  );
  printTable(rows);
  printUnanswered(result);

  // The target is the render's own time (render;dur): what the server spends making a page,
  // measured in each request while 32 others are under way. ssr adds the waiting for the data
  // and for the other requests' work on a saturated machine — printed beside it, with the
  // throughput that explains it (32 requests in flight / pages per second ≈ time in the queue).
  const renderP95 = percentile(overall.render, 95);
  const verdict =
    overall.render.length === 0
      ? 'not met (no page answered with Server-Timing: render)'
      : `${renderP95 <= TARGET_P95_MS ? 'met' : 'not met'} (render p95 ${renderP95.toFixed(1)} ms over ${overall.render.length} pages rendered afresh)`;
  console.log(`server render p95 ≤ ${TARGET_P95_MS} ms at ${CONNECTIONS} concurrent: ${verdict}`);
  console.log(
    `whole request in the server (ssr) p95 ${percentile(overall.ssr, 95).toFixed(1)} ms at ${overall.perSecond.toFixed(0)} pages/s: ${CONNECTIONS} in flight wait about ${((CONNECTIONS / overall.perSecond) * 1000).toFixed(0)} ms each (Little's law) on ${os.cpus().length} cores shared with Meilisearch and ${label}`,
  );
}

function printUnanswered(result: { errors: number; timeouts: number }) {
  if (result.errors || result.timeouts)
    console.log(`Inget svar: ${result.errors} anslutningsfel, ${result.timeouts} timeouts.`);
}

/** The four phases of page against JSON, each side measured alone on the same draws. */
interface Comparison {
  jobPage: KindFigures;
  jobJson: KindFigures;
  searchPage: KindFigures;
  searchJson: KindFigures;
}

interface ComparisonPhase {
  key: keyof Comparison;
  label: string;
  accept: string;
  requests: TaggedRequest[];
}

/**
 * The phases' requests: one seeded sequence of uniformly drawn live ads, asked as /jobb/{id} and
 * as /api/jobs/{id}; one of Zipf-drawn text questions (as the page mix draws them), asked as
 * /jobb?… and as /api/jobs?… — the same JobQuery in both, written by the contracts'
 * serializeJobQuery (the API reads the URL's parameter names).
 */
function comparisonPhases(liveIds: readonly string[]): ComparisonPhase[] {
  const random = seededRandom(23);
  const ids = Array.from({ length: DRAWS }, () => liveIds[Math.floor(random() * liveIds.length)]!);
  const texts = textQuestions(rankedQuestions(10_000));
  const rank = zipfSampler(texts.length, ZIPF_S, seededRandom(29));
  const queries = Array.from({ length: DRAWS }, () => texts[rank()]!.query);
  const phase = (key: keyof Comparison, label: string, accept: string, paths: string[]) => ({
    key,
    label,
    accept,
    requests: paths.map((path) => ({ tag: key, method: 'GET' as const, path })),
  });
  return [
    phase(
      'jobPage',
      '/jobb/{id} (sida)',
      HTML,
      ids.map((id) => `/jobb/${encodeURIComponent(id)}`),
    ),
    phase(
      'jobJson',
      '/api/jobs/{id} (JSON)',
      JSON_ONLY,
      ids.map((id) => `/api/jobs/${encodeURIComponent(id)}`),
    ),
    phase('searchPage', '/jobb?search=… (sida)', HTML, queries.map(jobsPath)),
    phase(
      'searchJson',
      '/api/jobs?search=… (JSON)',
      JSON_ONLY,
      queries.map((query) => `/api/jobs?${serializeJobQuery(query)}`),
    ),
  ];
}

/**
 * Each kind alone for `seconds` at 32 connections, after 2 s of warm-up on its own (the JSON
 * routes were not in the mix), then the ratios page / JSON against #26's targets.
 */
async function pageAgainstJson(
  origin: string,
  liveIds: readonly string[],
  options: RenderLoadOptions,
  label: string,
): Promise<Comparison> {
  const figures: Partial<Comparison> = {};
  const rows: [string, KindFigures][] = [];
  for (const phase of comparisonPhases(liveIds)) {
    const load = { connections: CONNECTIONS, headers: requestHeaders(phase.accept, options.compression) };
    await runTaggedLoad(origin, phase.requests.slice(WARM_FROM), { ...load, seconds: 2 });
    const result = await runTaggedLoad(origin, phase.requests, { ...load, seconds: options.seconds });
    const measured = figuresOf(result.samples, result.seconds);
    figures[phase.key] = measured;
    rows.push([phase.label, measured]);
    printUnanswered(result);
  }
  const comparison = figures as Comparison;
  console.log(
    `\nSida mot JSON på ${label}: ${options.ads} annonser, ${CONNECTIONS} samtidiga anslutningar, ett slag i taget i ${options.seconds} s vardera (efter 2 s uppvärmning); samma dragna annonser och samma frågor för sida och JSON; ${os.cpus().length} kärnor, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  printPhases(rows);
  for (const line of verdicts(comparison)) console.log(line);
  return comparison;
}

function printPhases(rows: [string, KindFigures][]) {
  console.log(
    `${'fas'.padEnd(LABEL_WIDTH)}${'anrop'.padStart(8)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'storlek'.padStart(10)}${'ej 2xx'.padStart(8)}`,
  );
  for (const [label, figures] of rows) {
    const statuses = [...figures.non2xx].map(([status, count]) => `${status}×${count}`).join(' ');
    const non2xx = [...figures.non2xx.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `${label.padEnd(LABEL_WIDTH)}${String(figures.requests).padStart(8)}${figures.perSecond.toFixed(0).padStart(8)}${spread(figures.total)}${`${(figures.bytes / 1000).toFixed(1)} KB`.padStart(10)}${String(non2xx).padStart(8)}${statuses ? ` (${statuses})` : ''}`,
    );
  }
}

const nonOk = (figures: KindFigures) => [...figures.non2xx.values()].reduce((sum, count) => sum + count, 0);
const met = (ok: boolean) => (ok ? 'met' : 'not met');

/** #26's three targets as lines of text, each with the figures it is decided on. */
function verdicts(comparison: Comparison): string[] {
  const { jobPage, jobJson, searchPage, searchJson } = comparison;
  // A ratio over answers that failed would compare errors: say so beside the verdict.
  const caveat = (...sides: KindFigures[]) => {
    const failed = sides.reduce((sum, side) => sum + nonOk(side), 0);
    return failed ? ` (${failed} non-2xx answers counted in the throughput)` : '';
  };
  const jobRatio = jobPage.perSecond / jobJson.perSecond;
  const searchRatio = searchPage.perSecond / searchJson.perSecond;
  const jobP99 = percentile(jobPage.total, 99);
  return [
    `job page / JSON throughput = ${jobPage.perSecond.toFixed(0)} / ${jobJson.perSecond.toFixed(0)} = ${jobRatio.toFixed(2)} (target ≥ ${TARGET_JOB_RATIO}): ${met(jobRatio >= TARGET_JOB_RATIO)}${caveat(jobPage, jobJson)}`,
    `search page / JSON throughput = ${searchPage.perSecond.toFixed(0)} / ${searchJson.perSecond.toFixed(0)} = ${searchRatio.toFixed(2)} (target ≥ ${TARGET_SEARCH_RATIO}): ${met(searchRatio >= TARGET_SEARCH_RATIO)}${caveat(searchPage, searchJson)}`,
    `job page p99 = ${jobP99.toFixed(0)} ms (target ≤ ${TARGET_JOB_PAGE_P99_MS} ms): ${met(jobP99 <= TARGET_JOB_PAGE_P99_MS)}`,
  ];
}

/** Every database's verdicts together, from this one run. */
function printSummary(outcomes: [RenderDatabase, Comparison | undefined][]) {
  console.log(`\nSida mot JSON, alla databaser i denna körning (${CONNECTIONS} anslutningar):`);
  for (const [kind, comparison] of outcomes) {
    console.log(`  ${DATABASE_LABEL[kind]}:`);
    const lines = comparison ? verdicts(comparison) : ['kunde inte köras (se ovan)'];
    for (const line of lines) console.log(`    ${line}`);
  }
}
