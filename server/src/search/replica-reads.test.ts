import { drainOutbox } from '@jobbportalen/indexer';
import { openSearchEngine, type SearchEngine } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { startTestReplicas, type TestReplicas } from '@jobbportalen/test-support/replicas';
// CV matching searches too: its upload fixtures, to send a real CV through it.
import { cvUpload } from '../features/match/fixtures/multipart.js';
import { writePdf } from '../features/match/fixtures/pdf-writer.js';
import { replicaStatuses, watchReplicaReads, type ReplicaReads } from './replica-reads.js';

const ADS = 40;
// Two Meilisearch processes of their own, filled and stopped: slower than most tests on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
/** A word only one replica's stray document holds: which replica answered shows in the hits. */
const ONLY_ON_B = 'Replikvaktmästare';

describe.each(testDatabaseKinds())('searches with two Meilisearch replicas on %s', (kind) => {
  let meili: TestReplicas;
  let engine: SearchEngine;
  let t: TestApp;
  let reads: ReplicaReads;
  let texts = 0;

  const fill = () =>
    drainOutbox({ db: t.database.db, replicas: engine.replicas, indexUid: t.config.meiliIndex });
  /** The proxy's search for the word only replica B has: 1 hit from B, 0 from A. */
  async function proxiedHits(): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/multi-search',
      payload: { queries: [{ indexUid: t.config.meiliIndex, q: ONLY_ON_B }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ results: { hits: unknown[] }[] }>().results[0]!.hits.length;
  }
  /** Every kind of server search once; each with a text of its own, past the answer caches. */
  async function everySearchAnswers() {
    const text = `lager${++texts}`;
    for (const url of [
      `/api/jobs?search=${text}`,
      `/api/jobs/filter-counts?search=${text}`,
      `/api/jobs/suggestions?q=${text}`,
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    await proxiedHits();
    const match = await t.app.inject({
      method: 'POST',
      url: '/api/ai/match',
      remoteAddress: `10.9.0.${texts}`,
      ...cvUpload(writePdf('Lagerarbetare i Malmö med truckkort'), 'cv.pdf', 'Jag söker lagerjobb.'),
    });
    expect(match.statusCode, `/api/ai/match: ${match.body}`).toBe(200);
  }
  const status = async (maxLag?: number) =>
    replicaStatuses(
      engine.replicas,
      t.database.db,
      t.config.meiliIndex,
      maxLag === undefined ? {} : { maxLag },
    );

  beforeAll(async () => {
    meili = await startTestReplicas(2);
    engine = await openSearchEngine({ dataDir: '', meiliUrls: meili.urls, meiliMasterKey: meili.apiKey });
    // Stray documents are put straight into one replica here, behind the indexer's back: no
    // generation moves, so the question cache would hide them.
    t = await buildTestApp(kind, { search: engine, env: { SEARCH_CACHE_MS: '0' } });
    const jobs = Array.from({ length: ADS }, (_, i) => normalizedJob(`replica-read-${kind}-${i}`));
    await t.database.db
      .insertInto('jobs')
      .values(jobs.map((job) => normalizedJobRow(job, null)))
      .execute();
    await fill();
    // A long interval: the test looks again (refresh) when it wants the router to know.
    reads = watchReplicaReads(engine, t.database.db, t.config.meiliIndex, { intervalMs: 3_600_000 });
    await reads.refresh();
  }, 120_000);
  afterAll(async () => {
    reads?.stop();
    await t?.close();
    await meili?.close();
  });

  const addStrayToB = () =>
    engine.replicas[1]!.client.index(t.config.meiliIndex)
      .addDocuments([{ id: 'stray-b', title: ONLY_ON_B }])
      .waitTask({ timeout: 60_000 });

  it('spreads searches over the replicas that take reads', async () => {
    await addStrayToB();
    const hits = [];
    for (let i = 0; i < 6; i++) hits.push(await proxiedHits());
    expect(hits).toContain(0);
    expect(hits).toContain(1);
    const statuses = await status();
    expect(statuses.map((replica) => replica.takesReads)).toEqual([true, true]);
    expect(statuses.map((replica) => replica.documents)).toEqual([ADS, ADS + 1]);
  });

  it.each([1, 0])(
    'answers every search while replica %i is down, before and after the watcher notices',
    async (down) => {
      await meili.replicas[down]!.stop();
      try {
        // The router still counts on the stopped replica: a search sent there is retried on the other.
        for (let i = 0; i < 4; i++) await everySearchAnswers();
        await reads.refresh();
        const statuses = await status();
        expect(statuses[1 - down]).toMatchObject({ healthy: true, takesReads: true });
        expect(statuses[down]).toMatchObject({ healthy: false, takesReads: false, documents: null });
        for (let i = 0; i < 4; i++) await everySearchAnswers();
      } finally {
        await meili.replicas[down]!.start();
        // The next tests start from two replicas that both take reads again.
        await vi.waitFor(
          async () => {
            await reads.refresh();
            expect((await status()).map((replica) => replica.takesReads)).toEqual([true, true]);
          },
          { timeout: 30_000, interval: 250 },
        );
      }
    },
  );

  it('takes no reads from a wiped replica until it is refilled', async () => {
    await reads.refresh();
    await engine.replicas[1]!.client.deleteIndex(t.config.meiliIndex).waitTask({ timeout: 60_000 });
    // Before anyone notices: the missing index is retried on the other replica.
    for (let i = 0; i < 4; i++) await everySearchAnswers();
    await reads.refresh();
    expect((await status())[1]).toMatchObject({ healthy: false, takesReads: false });

    await fill();
    await reads.refresh();
    expect((await status())[1]).toMatchObject({
      healthy: true,
      state: 'live',
      takesReads: true,
      documents: ADS,
    });
    // Refilled from Postgres: the stray document is gone, every search answers from either.
    for (let i = 0; i < 6; i++) expect(await proxiedHits()).toBe(0);
  });

  it('keeps a replica that lags behind the others out of reads', async () => {
    await meili.replicas[1]!.stop();
    try {
      await t.database.db
        .updateTable('jobs')
        .set({ title: 'Lagerchef' })
        .where('id', '=', `replica-read-${kind}-0`)
        .execute();
      await t.database.db
        .insertInto('searchOutbox')
        .values({ jobId: `replica-read-${kind}-0` })
        .execute();
      await fill();
    } finally {
      await meili.replicas[1]!.start();
    }
    const [a, b] = await status(0);
    expect(a).toMatchObject({ lag: 0, takesReads: true });
    expect(b).toMatchObject({ healthy: true, lag: 1, takesReads: false });
    await fill();
    expect((await status(0)).map((replica) => replica.takesReads)).toEqual([true, true]);
  });

  it("shows each replica's health, lag and documents to admins only", async () => {
    const admin = await createUser(t, 'admin');
    const response = await t.app.inject({ url: '/api/admin/search-replicas', headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const { replicas } = response.json<{ replicas: { id: string; documents: number; lag: number }[] }>();
    expect(replicas).toEqual(
      meili.urls.map((url) =>
        expect.objectContaining({
          id: url,
          healthy: true,
          state: 'live',
          lag: 0,
          documents: ADS,
          takesReads: true,
        }),
      ),
    );
    expect((await t.app.inject('/api/admin/search-replicas')).statusCode).toBe(401);

    // /readyz gives operators the same details, and the public only its checks.
    const ready = await t.app.inject({ url: '/readyz?details=true', headers: bearer(admin.token) });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<{ replicas: unknown[] }>().replicas).toEqual(replicas);
    const publicReady = await t.app.inject('/readyz');
    expect(publicReady.statusCode).toBe(200);
    expect(publicReady.json()).not.toHaveProperty('replicas');
    expect((await t.app.inject('/readyz?details=true')).statusCode).toBe(401);
    const candidate = await createUser(t, 'candidate');
    expect(
      (await t.app.inject({ url: '/readyz?details=true', headers: bearer(candidate.token) })).statusCode,
    ).toBe(403);
  });
});
