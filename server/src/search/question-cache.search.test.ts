import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainOutbox } from '@jobbportalen/indexer';
import {
  createDatabase,
  ensureJobsIndex,
  openSearchEngine,
  type DatabaseHandle,
  type SearchEngine,
} from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, loadConfig, type App, type Config } from '@jobbportalen/server';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { testSearch } from '@jobbportalen/test-support/search';

vi.setConfig({ testTimeout: 60_000 });

/**
 * A real HTTP proxy in front of the run's Meilisearch that counts the searches it passes on:
 * how many times a question reached Meilisearch, with nothing of Meilisearch mocked.
 */
async function countingProxy(target: string) {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (request.method === 'POST' && /\/(multi-search|search)$/.test(request.url ?? ''))
        bodies.push(body.toString('utf8'));
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Searches that reached Meilisearch asking about `word`. */
    searchesFor: (word: string) => bodies.filter((body) => body.includes(word)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseKinds())('the question cache on %s', (kind) => {
  const shared = testSearch('qcache');
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let database: TestDatabase;
  let secondHandle: DatabaseHandle | undefined;
  let engine: SearchEngine;
  let config: Readonly<Config>;
  /** Two servers on one database and one Meilisearch, as when several run behind a balancer. */
  let apps: App[];
  let ads = 0;

  beforeAll(async () => {
    proxy = await countingProxy(shared.url);
    database = await openTestDatabase(kind);
    // On PostgreSQL the second server has a connection pool of its own, as another process would.
    secondHandle = database.url
      ? await createDatabase({ dataDir: '', databaseUrl: database.url, maxConnections: 2 })
      : undefined;
    engine = await openSearchEngine({ dataDir: '', meiliUrl: proxy.url, meiliMasterKey: shared.apiKey });
    config = loadConfig({
      DATA_DIR: '/nonexistent-test-data-dir',
      MEILI_INDEX: shared.indexUid,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      EMBEDDED_INDEXER: 'false',
      // Far longer than the test: only the generation can make an answer go.
      SEARCH_CACHE_MS: '3600000',
    });
    await ensureJobsIndex(engine.client, config.meiliIndex);
    apps = [
      await buildApp({ config, database, search: engine, logger: false }),
      await buildApp({ config, database: secondHandle ?? database, search: engine, logger: false }),
    ];
    await addAd('Grundvaktmästare');
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await engine?.client.deleteIndexIfExists(config.meiliIndex).catch(() => undefined);
    await secondHandle?.close();
    await database?.close();
    await proxy?.close();
  });

  /** A new ad, delivered the indexer's way: a row in the outbox, drained into Meilisearch. */
  async function addAd(title: string) {
    const job = normalizedJob(`qcache-${kind}-${++ads}`, { title, occupation: title });
    await database.db.insertInto('jobs').values(normalizedJobRow(job, null)).execute();
    await database.db.insertInto('searchOutbox').values({ jobId: job.id }).execute();
    await drainOutbox({ db: database.db, client: engine.client, indexUid: config.meiliIndex });
  }
  const jobsHits = async (app: App, text: string) => {
    const response = await app.inject(`/api/jobs?search=${encodeURIComponent(text)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ totalHits: number }>().totalHits;
  };
  const proxyHits = async (app: App, text: string, page = 1) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/multi-search',
      payload: { queries: [{ indexUid: config.meiliIndex, q: text, hitsPerPage: 5, page }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ results: { totalHits: number }[] }>().results[0]!.totalHits;
  };

  it('answers the next identical question with a change once the change is searchable', async () => {
    const word = `Cachesmed${kind}`;
    const before = proxy.searchesFor(word);
    for (const app of apps) {
      expect(await jobsHits(app, word)).toBe(0);
      expect(await proxyHits(app, word)).toBe(0);
      // Asked again: kept, Meilisearch is not asked.
      expect(await jobsHits(app, word)).toBe(0);
      expect(await proxyHits(app, word)).toBe(0);
    }
    expect(proxy.searchesFor(word) - before).toBe(4);

    // Searchable: Meilisearch has it and the indexer has recorded that in Postgres. The very next
    // question, on either server, sees it — no waiting for any timer.
    await addAd(word);
    for (const app of apps) {
      expect(await jobsHits(app, word)).toBe(1);
      expect(await proxyHits(app, word)).toBe(1);
    }
  });

  it('sends identical concurrent questions to Meilisearch once', async () => {
    const word = `Samtidigsnickare${kind}`;
    const [app] = apps;
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => jobsHits(app!, word)),
      ...Array.from({ length: 12 }, () => proxyHits(app!, word)),
    ]);
    expect(answers.every((hits) => hits === 0)).toBe(true);
    // One for /api/jobs's compiled search, one for the proxy's multi-search.
    expect(proxy.searchesFor(word)).toBe(2);
  });

  it('does not share answers between different questions', async () => {
    const [app] = apps;
    const words = [`Olikmurare${kind}`, `Olikrörläggare${kind}`];
    await Promise.all(words.map((word) => proxyHits(app!, word)));
    await Promise.all([proxyHits(app!, words[0]!, 1), proxyHits(app!, words[0]!, 2)]);
    expect(words.map((word) => proxy.searchesFor(word))).toEqual([2, 1]);
  });
});
