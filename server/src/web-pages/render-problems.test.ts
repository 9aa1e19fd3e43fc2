// Pages built from in-process answers outside 2xx: never kept in the shared /jobb page cache (the
// next visitor, from another address, gets a full page of their own), refused as a whole when an
// answer was the visitor's own 429, and logged in one short line each — no stack for a failure an
// answer caused, a renderer's own error's stack at most once a minute.
import { drainOutbox } from '@jobbportalen/indexer';
import { ensureJobsIndex, openSearchEngine, type SearchEngine } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { testSearch } from '@jobbportalen/test-support/search';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { countIn, TEST_INDEX_HTML, writeTestWebBuild } from './test-web-build.test-helper.js';

/** The visitor's API limit per search route and minute: low, so a test can use it up. */
const SEARCH_LIMIT = 4;

interface LogLine {
  level: number;
  msg: string;
  url?: string;
  reason?: string;
  stack?: string;
  err?: unknown;
}

describe.each(testDatabaseKinds())('pages built from refusals and failures on %s', (kind) => {
  const web = writeTestWebBuild(`renderProblemRenders_${kind}`);
  const lines: string[] = [];
  let app: App;
  let database: TestDatabase;
  let search: SearchEngine;
  let config: Readonly<Config>;
  let ads = 0;

  beforeAll(async () => {
    const shared = testSearch('jobs');
    database = await openTestDatabase(kind);
    search = await openSearchEngine({ dataDir: '', meiliUrl: shared.url, meiliMasterKey: shared.apiKey });
    config = loadConfig({
      DATA_DIR: '/nonexistent-test-data-dir',
      MEILI_INDEX: shared.indexUid,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      EMBEDDED_INDEXER: 'false',
      RATE_LIMIT_SEARCH_PER_IP: String(SEARCH_LIMIT),
      // Far longer than the test: a page kept once would be given out for the rest of it.
      SEARCH_CACHE_MS: '3600000',
    });
    await ensureJobsIndex(search.client, config.meiliIndex);
    app = await buildApp({
      config,
      database,
      search,
      webRoot: web.webRoot,
      // Warnings and errors only: the lines a failed render writes (not Fastify's request lines).
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await search?.client.deleteIndexIfExists(config.meiliIndex).catch(() => undefined);
    await database?.close();
    web.remove();
  });

  async function addAd(title: string) {
    const job = normalizedJob(`problems-${kind}-${++ads}`, { title, occupation: title, location: 'Luleå' });
    await database.db.insertInto('jobs').values(normalizedJobRow(job, null)).execute();
    await database.db.insertInto('searchOutbox').values({ jobId: job.id }).execute();
    await drainOutbox({ db: database.db, client: search.client, indexUid: config.meiliIndex });
  }

  const from = (remoteAddress: string, url: string) =>
    app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });
  /** Uses up the address's limit on /api/jobs (the route every test page asks in-process). */
  async function useUpSearchLimit(remoteAddress: string) {
    for (let i = 0; i < SEARCH_LIMIT; i++)
      await app.inject({ method: 'GET', url: '/api/jobs', remoteAddress });
    expect((await app.inject({ method: 'GET', url: '/api/jobs', remoteAddress })).statusCode).toBe(429);
  }
  /** The log lines written while `run` ran, parsed. */
  async function loggedDuring(run: () => Promise<unknown>): Promise<LogLine[]> {
    const before = lines.length;
    await run();
    return lines.slice(before).map((line) => JSON.parse(line) as LogLine);
  }

  it("refuses a page whose in-process answer was the visitor's 429 and never shares it", async () => {
    const word = `Avvisningssmed${kind}`;
    await addAd(word);
    const address = `/jobb?search=${word}`;
    await useUpSearchLimit('10.2.0.1');

    const logged = await loggedDuring(async () => {
      const refused = await from('10.2.0.1', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body).toContain('<h1>För många sidvisningar</h1>');
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      url: address,
      reason: 'in-process GET /api/jobs answered 429',
    });
    expect(logged[0]!.stack).toBeUndefined();

    // The next visitor, from another address, gets the full page with its count.
    const next = await from('10.2.0.2', address);
    expect(next.statusCode).toBe(200);
    expect(countIn(next.body)).toBe('1');
  });

  it("renders its own page for a visitor who joined another visitor's refused render", async () => {
    const word = `Samtidigsmed${kind}`;
    await addAd(word);
    const address = `/jobb?search=${word}&vanta`;
    await useUpSearchLimit('10.2.0.3');
    const open = web.holdRenders();
    const before = web.renders();
    const refused = from('10.2.0.3', address);
    await vi.waitFor(() => expect(web.renders()).toBe(before + 1));
    // The second visitor asks while the first render is under way, and so waits for it (the
    // cache's pending entry); a moment for the request to get there before that render goes on.
    const joined = from('10.2.0.4', address);
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    expect((await refused).statusCode).toBe(429);
    const page = await joined;
    expect(page.statusCode).toBe(200);
    expect(countIn(page.body)).toBe('1');
    expect(web.renders() - before).toBe(2);
  });

  it('does not share a page with any answer outside 2xx (here a 404), but renders it for each visitor', async () => {
    const address = `/jobb?search=Ingenannons${kind}&annons=finns-inte-${kind}`;
    const before = web.renders();
    for (const visitor of ['10.2.0.5', '10.2.0.6']) {
      const response = await from(visitor, address);
      expect(response.statusCode).toBe(200);
      expect(response.headers['server-timing']).toContain('render;dur=');
    }
    expect(web.renders() - before).toBe(2);
  });

  it('logs a render that an in-process answer made fail in one line, without a stack', async () => {
    const address = '/jobb?search=trasig-sokning';
    const logged = await loggedDuring(async () => {
      for (const visitor of ['10.2.0.7', '10.2.0.8']) {
        const response = await from(visitor, address);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(TEST_INDEX_HTML);
      }
    });
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toMatchObject({
        level: 40,
        url: address,
        reason: 'in-process POST /api/search/multi-search answered 400',
      });
      expect(line.stack).toBeUndefined();
      expect(line.err).toBeUndefined();
    }
  });

  it("logs the stack of the renderer's own error once, then one line without it", async () => {
    const logged = await loggedDuring(async () => {
      for (const visitor of ['10.2.0.9', '10.2.0.10', '10.2.0.11']) await from(visitor, '/?krasch');
    });
    expect(logged).toHaveLength(3);
    for (const line of logged) {
      expect(line).toMatchObject({ level: 50, url: '/?krasch', reason: 'Error: renderingen kraschade' });
      expect(line.err).toBeUndefined();
    }
    expect(logged.map((line) => line.stack !== undefined)).toEqual([true, false, false]);
    expect(logged[0]!.stack).toContain('renderingen kraschade');
  });
});
