import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { buildTestApp } from '@jobbportalen/test-support/app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { freePort } from '@jobbportalen/test-support/free-port';
import { testSearch } from '@jobbportalen/test-support/search';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestSmtpServer, type TestSmtpServer } from '../mail/smtp-test-server.test-helper.js';
import { startPortal, type RunningPortal } from '../runtime.js';
import { parseExposition, sampleSum, type Family } from './exposition.test-helper.js';

// The families issue #28 names: requests, search, feed, outbox, alert runs, mail, CV extraction.
const FAMILIES = [
  'jobbportalen_http_requests_total',
  'jobbportalen_http_request_duration_seconds',
  'jobbportalen_search_questions_total',
  'jobbportalen_search_cache_hits_total',
  'jobbportalen_search_cache_misses_total',
  'jobbportalen_search_replica_reads_total',
  'jobbportalen_search_retries_total',
  'jobbportalen_search_replica_lag_rows',
  'jobbportalen_search_replica_state',
  'jobbportalen_search_generation_age_seconds',
  'jobbportalen_feed_last_success_age_seconds',
  'jobbportalen_feed_ads_imported_total',
  'jobbportalen_feed_ads_removed_total',
  'jobbportalen_feed_errors_total',
  'jobbportalen_search_outbox_depth',
  'jobbportalen_alert_run_duration_seconds',
  'jobbportalen_alert_run_subscriptions_total',
  'jobbportalen_alert_run_mails_total',
  'jobbportalen_mail_queued',
  'jobbportalen_mail_sent_total',
  'jobbportalen_mail_failed_total',
  'jobbportalen_mail_oldest_queued_age_seconds',
  'jobbportalen_cv_extraction_readers_busy',
  'jobbportalen_cv_extraction_refused_total',
];
/** What the indexer's process reports by itself (the server's families are the others). */
const INDEXER_FAMILIES = [
  'jobbportalen_feed_last_success_age_seconds',
  'jobbportalen_feed_ads_imported_total',
  'jobbportalen_search_outbox_depth',
  'jobbportalen_search_replica_lag_rows',
  'jobbportalen_search_replica_state',
  'jobbportalen_mail_queued',
  'jobbportalen_mail_sent_total',
  'jobbportalen_mail_oldest_queued_age_seconds',
];

const TOKEN = 'metrics-test-token-0123456789abcdefghij';
const ADMIN_EMAIL = 'metrics-admin@example.se';
const indexerMain = fileURLToPath(new URL('../indexer-main.ts', import.meta.url));

let simulator: FeedSimulator;
let smtp: TestSmtpServer;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  // Real time (speed 1): each stream window finds the changes made since the last one.
  simulator = await startFeedSimulator({ ads: 40, seed: 28, changeRatePerSecond: 0.3, host: '127.0.0.1' });
  smtp = await createTestSmtpServer();
  await smtp.listen();
});
// Stopping a portal waits for its indexer, alert scheduler and mail sender to finish their writes:
// on a loaded machine that can take longer than the default minute.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}, 120_000);
afterAll(async () => {
  await simulator?.close();
  await smtp?.close();
});

/** The environment every process of the portal under test shares. */
function portalEnv(indexUid: string): Record<string, string> {
  const { url, apiKey } = testSearch();
  return {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    MEILI_URL: url,
    MEILI_MASTER_KEY: apiKey,
    MEILI_INDEX: indexUid,
    JWT_SECRET: 'metrics-test-secret-that-is-long-enough-0123',
    FEED_URL: simulator.url,
    FEED_REQUEST_INTERVAL_MS: '2000',
    FEED_AUTO_IMPORT: 'true',
    SMTP_URL: smtp.url,
    METRICS_TOKEN: TOKEN,
    ADMIN_EMAIL,
    ADMIN_PASSWORD: STRONG_PASSWORD,
  };
}

async function scrape(url: string, token = TOKEN): Promise<Map<string, Family>> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await response.text());
}

/** Scrapes until `done` holds (the background work moves in its own time), or fails after 30 s. */
async function scrapeUntil(
  scrapeAll: () => Promise<Map<string, Family>>,
  done: (families: Map<string, Family>) => boolean,
  what: string,
): Promise<Map<string, Family>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const families = await scrapeAll();
    if (done(families)) return families;
    if (Date.now() > deadline) throw new Error(`no ${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Both processes' families together (a family either one reports counts as present). */
function union(...scrapes: Map<string, Family>[]): Map<string, Family> {
  const all = new Map<string, Family>();
  for (const families of scrapes)
    for (const [name, family] of families) {
      const known = all.get(name);
      all.set(name, known ? { ...known, samples: [...known.samples, ...family.samples] } : family);
    }
  return all;
}

/** Only the series of one process (`role`), as if the others were not there. */
function withRole(families: Map<string, Family>, role: string): Map<string, Family> {
  return new Map(
    [...families].map(([name, family]) => [
      name,
      { ...family, samples: family.samples.filter((sample) => sample.labels.role === role) },
    ]),
  );
}

/**
 * A search, an import window, an alert run and a mail, each seen to move its figures on the
 * portal's /metrics (`scrapeAll`: every process's figures together).
 */
async function exercise(portalUrl: string, scrapeAll: () => Promise<Map<string, Family>>) {
  const before = await scrapeAll();
  for (const family of FAMILIES) expect([...before.keys()], family).toContain(family);

  // The snapshot on first start, then stream windows with the simulator's changes.
  const fed = await scrapeUntil(
    scrapeAll,
    (families) =>
      sampleSum(families, 'jobbportalen_feed_ads_imported_total', { source: 'snapshot' }) >= 40 &&
      sampleSum(families, 'jobbportalen_feed_ads_imported_total', { source: 'stream' }) +
        sampleSum(families, 'jobbportalen_feed_ads_removed_total', { source: 'stream' }) >
        0,
    'snapshot and stream window',
  );
  expect(sampleSum(fed, 'jobbportalen_feed_last_success_age_seconds')).toBeLessThan(30);
  expect(sampleSum(fed, 'jobbportalen_feed_errors_total')).toBe(0);
  // The replica filled from the database takes searches (and the question cache keeps answers).
  await scrapeUntil(
    scrapeAll,
    (families) => sampleSum(families, 'jobbportalen_search_replica_state', { state: 'live' }) === 1,
    'live replica',
  );

  // A search, asked twice: the second is answered by the question cache — unless a stream
  // window's changes became searchable in between (every few seconds here), so up to five pairs.
  const searched = await scrapeAll();
  let afterSearch = searched;
  const moved = (name: string, labels: Record<string, string> = {}) =>
    sampleSum(afterSearch, name, labels) - sampleSum(searched, name, labels);
  for (let pair = 0; pair < 5 && moved('jobbportalen_search_cache_hits_total') === 0; pair++) {
    for (let i = 0; i < 2; i++)
      expect(
        (await fetch(`${portalUrl}/api/jobs?search=${encodeURIComponent('sjuksköterska')}`)).status,
      ).toBe(200);
    afterSearch = await scrapeAll();
  }
  expect(moved('jobbportalen_search_questions_total', { cache: 'questions' })).toBeGreaterThanOrEqual(2);
  expect(moved('jobbportalen_search_cache_hits_total', { cache: 'questions' })).toBeGreaterThanOrEqual(1);
  expect(moved('jobbportalen_search_cache_misses_total', { cache: 'questions' })).toBeGreaterThanOrEqual(1);
  expect(moved('jobbportalen_search_replica_reads_total')).toBeGreaterThanOrEqual(1);
  // A request is counted once its answer has gone out (onResponse): the last may still be on its way.
  const jobsRequests = (families: Map<string, Family>) =>
    sampleSum(families, 'jobbportalen_http_requests_total', { route: '/api/jobs/', status_code: '200' }) +
    sampleSum(families, 'jobbportalen_http_requests_total', { route: '/api/jobs', status_code: '200' });
  afterSearch = await scrapeUntil(
    scrapeAll,
    (families) => jobsRequests(families) - jobsRequests(searched) >= 2,
    'counted requests',
  );
  // Route patterns only: no series carries a query or an id.
  for (const sample of afterSearch.get('jobbportalen_http_requests_total')!.samples)
    expect(sample.labels.route).not.toMatch(/[?]|sjuksk/);

  // A mail: subscribing queues a confirmation, the mail sender delivers it over SMTP.
  const mailsBefore = smtp.received.length;
  const subscribed = await fetch(`${portalUrl}/api/alerts/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('metrics'), query: { search: 'florist' }, alert: 'daily' }),
  });
  expect(subscribed.status).toBe(202);
  await smtp.waitFor(mailsBefore + 1, 30_000);
  await scrapeUntil(
    scrapeAll,
    (families) =>
      sampleSum(families, 'jobbportalen_mail_sent_total') > sampleSum(before, 'jobbportalen_mail_sent_total'),
    'mail counted as sent',
  );

  // An alert run, started by an admin.
  const login = await fetch(`${portalUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: STRONG_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const runsBefore = sampleSum(await scrapeAll(), 'jobbportalen_alert_run_duration_seconds_count', {
    mode: 'admin',
  });
  const run = await fetch(`${portalUrl}/api/admin/alerts/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(run.status).toBe(200);
  const afterRun = await scrapeAll();
  expect(sampleSum(afterRun, 'jobbportalen_alert_run_duration_seconds_count', { mode: 'admin' })).toBe(
    runsBefore + 1,
  );
}

describe('metrics of the one-process portal (npm start, PGlite)', () => {
  it('serves every family at one /metrics, to the token only, and they move with the work', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-metrics-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { indexUid, client } = testSearch('metrics');
    cleanups.push(() => client.deleteIndexIfExists(indexUid));
    const portal: RunningPortal = await startPortal(
      loadConfig({ ...portalEnv(indexUid), DATA_DIR: dataDir, PORT: '0' }),
    );
    cleanups.push(() => portal.stop());
    const url = portal.url.replace('localhost', '127.0.0.1');

    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const families = await scrape(`${url}/metrics`);
    // One process, one registry: every series says so.
    expect(families.get('jobbportalen_http_requests_total')!.type).toBe('counter');
    expect(families.get('jobbportalen_search_outbox_depth')!.samples[0]?.labels.role).toBe('portal');

    await exercise(url, () => scrape(`${url}/metrics`));
  }, 120_000);

  it('has no /metrics without METRICS_TOKEN', async () => {
    const t = await buildTestApp('pglite');
    cleanups.push(() => t.close());
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });
});

// Two processes need a database both can open: PostgreSQL (PGlite holds its data directory alone).
const twoProcessKinds = testDatabaseKinds().filter((kind) => kind === 'postgres');

describe.each(twoProcessKinds)('metrics of a server and `npm run indexer` (%s)', (kind) => {
  let database: TestDatabase;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
  });

  it('scrapes both processes, and the server’s /metrics carries the indexer’s figures too', async () => {
    const { indexUid, client } = testSearch('metrics');
    cleanups.push(() => client.deleteIndexIfExists(indexUid));
    const metricsPort = await freePort();
    const env = {
      ...portalEnv(indexUid),
      DATABASE_URL: database.url!,
      PUBLIC_URL: 'http://127.0.0.1:1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jp-metrics-')),
    };
    cleanups.push(() => fs.rmSync(env.DATA_DIR, { recursive: true, force: true }));
    const indexer = spawn(process.execPath, ['--import', 'tsx', indexerMain], {
      env: { ...process.env, ...env, METRICS_PORT: String(metricsPort) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(indexer);
    let stderr = '';
    indexer.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const indexerUrl = `http://127.0.0.1:${metricsPort}`;

    const portal = await startPortal(
      loadConfig({ ...env, PORT: '0', EMBEDDED_INDEXER: 'false', INDEXER_METRICS_URL: indexerUrl }),
    );
    cleanups.push(() => portal.stop());
    const url = portal.url.replace('localhost', '127.0.0.1');

    // The indexer's own listener: up once the process has opened the database and the engine.
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${indexerUrl}/metrics`).catch(() => null))?.status !== 401) {
      if (Date.now() > deadline || indexer.exitCode !== null)
        throw new Error(`indexer did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const own = await scrape(`${indexerUrl}/metrics`);
    for (const family of INDEXER_FAMILIES) expect([...own.keys()], family).toContain(family);
    expect(own.get('jobbportalen_search_outbox_depth')!.samples[0]?.labels.role).toBe('indexer');

    // Each process's figures, scraped from each (the server's own series only: its /metrics
    // also carries the indexer's, checked below).
    await exercise(url, async () =>
      union(withRole(await scrape(`${url}/metrics`), 'server'), await scrape(`${indexerUrl}/metrics`)),
    );

    // The server's one /metrics: both processes' series, each family declared once (the parser
    // refuses a second declaration), the indexer's labelled as such.
    const merged = await scrape(`${url}/metrics`);
    expect(sampleSum(merged, 'jobbportalen_indexer_metrics_up')).toBe(1);
    for (const family of FAMILIES) expect([...merged.keys()], family).toContain(family);
    expect(sampleSum(merged, 'jobbportalen_mail_sent_total', { role: 'indexer' })).toBeGreaterThanOrEqual(1);
    expect(
      sampleSum(merged, 'jobbportalen_alert_run_duration_seconds_count', { role: 'server', mode: 'admin' }),
    ).toBe(1);

    // The indexer gone: the server still answers, and says the indexer's figures are missing.
    indexer.kill('SIGKILL');
    await new Promise((resolve) => indexer.once('exit', resolve));
    expect(sampleSum(await scrape(`${url}/metrics`), 'jobbportalen_indexer_metrics_up')).toBe(0);
  }, 150_000);
});
