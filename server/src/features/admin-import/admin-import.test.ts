import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { createFeedClient, startIndexer, type RunningIndexer } from '@jobbportalen/indexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

interface Status {
  running: boolean;
  since: string | null;
  lastEventAt: string | null;
  lastCursor: string | null;
  lastSnapshotAt: string | null;
  progress: { task: 'snapshot' | 'reindex'; processed: number; total: number | null } | null;
  pendingCommands: number;
  pendingIndexing: number;
}

interface LogEntry {
  _id: string;
  date: string;
  imported: number;
  vacancies: number;
  removed: number;
  source: string;
  error: string | null;
}

const ADS = 2500;
const SLOW = { timeout: 180_000 };
const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds())('admin import API with a running indexer on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let candidate: TestUser;
  let simulator: FeedSimulator;
  let indexer: RunningIndexer;
  let firstSnapshotAds = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
    admin = await createUser(t, 'admin');
    candidate = await createUser(t, 'candidate');
    // Every feed answer waits a moment, so a second request surely finds the snapshot running.
    simulator = await startFeedSimulator({
      ads: ADS,
      seed: 3,
      speed: 0,
      changeRatePerSecond: 2,
      faults: { delayMs: 1000 },
    });
    indexer = startIndexer({
      database: t.database,
      search: t.search.client,
      indexUid: t.config.meiliIndex,
      feed: createFeedClient({
        baseUrl: simulator.url,
        apiVersion: 'v1',
        minRequestIntervalMs: 0,
        retryBaseDelayMs: 5,
      }),
      logger: quiet,
      streamIntervalMs: 300,
      // No poll within the test: the admin's commands must reach the indexer through their NOTIFY.
      commandPollMs: 3_600_000,
      now: () => new Date(simulator.now()),
    });
  }, 120_000);
  afterAll(async () => {
    await indexer?.stop();
    await simulator?.close();
    await t?.close();
  });

  const get = <T>(url: string, token = admin.token) =>
    t.app.inject({ url, headers: bearer(token) }).then((r) => r.json<T>());
  const post = (command: string, token = admin.token) =>
    t.app.inject({ method: 'POST', url: `/api/admin/jobstream/${command}`, headers: bearer(token) });
  const status = () => get<Status>('/api/admin/jobstream/status');
  async function until(check: (s: Status) => boolean | Promise<boolean>, what: string, seen: Status[] = []) {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const current = await status();
      seen.push(current);
      if (await check(current)) return current;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting until ${what}: ${JSON.stringify(current)}`);
      await sleep(25);
    }
  }
  /** Whether the indexer has finished `count` commands of that kind (the status cannot tell a
   * command just picked up from one not yet started). */
  const commandsFinished = async (command: string, count: number) =>
    (
      await t.database.db
        .selectFrom('feedControl')
        .select('id')
        .where('command', '=', command as 'snapshot')
        .where('finishedAt', 'is not', null)
        .execute()
    ).length >= count;
  async function holdStreamStill() {
    expect((await post('stop')).statusCode).toBe(202);
    await until((s) => !s.running && s.pendingCommands === 0 && s.pendingIndexing === 0, 'the stream stops');
  }
  const liveStats = async () => {
    const rows = await t.database.db
      .selectFrom('jobs')
      .select(['vacancies'])
      .where('removedAt', 'is', null)
      .execute();
    return { ads: rows.length, vacancies: rows.reduce((sum, row) => sum + row.vacancies, 0) };
  };

  it('answers 401 without a token and 403 to a non-admin, and queues nothing', async () => {
    const reads = ['/import-log', '/job-stats', '/import-history', '/jobstream/status'];
    const commands = ['start', 'stop', 'snapshot', 'reindex'];
    for (const url of reads) {
      expect((await t.app.inject({ url: `/api/admin${url}` })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: `/api/admin${url}`, headers: bearer(candidate.token) })).statusCode,
      ).toBe(403);
    }
    for (const command of commands) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/jobstream/${command}` })).statusCode,
      ).toBe(401);
      expect((await post(command, candidate.token)).statusCode).toBe(403);
    }
    expect(await t.database.db.selectFrom('feedControl').selectAll().execute()).toEqual([]);
  });

  it('starts a snapshot, refuses a second one while it runs, and shows its progress', SLOW, async () => {
    const accepted = await post('snapshot');
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ message: 'En fullständig import (snapshot) har startats.' });
    const refused = await post('snapshot');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'En fullständig import pågår redan. Vänta tills den är klar.',
    });

    const seen: Status[] = [];
    const done = await until(
      (s) => s.lastSnapshotAt !== null && s.pendingIndexing === 0,
      'the snapshot is indexed',
      seen,
    );
    const progress = seen.flatMap((s) => (s.progress ? [s.progress] : []));
    expect(progress.every((p) => p.task === 'snapshot')).toBe(true);
    const midway = progress.filter((p) => p.processed > 0);
    expect(midway.length).toBeGreaterThan(0);
    expect(midway.every((p) => p.total !== null && p.total >= p.processed && p.processed <= ADS)).toBe(true);
    expect(done.progress).toBeNull();
    firstSnapshotAds = (await liveStats()).ads;
    expect(firstSnapshotAds).toBeGreaterThan(ADS / 2);
    expect((await post('snapshot')).statusCode).toBe(202); // free again once finished
    await until(() => commandsFinished('snapshot', 2), 'the second snapshot is done');
    simulator.clearFaults();
  });

  it('starts the stream: running, since, and a cursor that follows the feed', SLOW, async () => {
    const accepted = await post('start');
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ message: 'Importen har startats.' });
    const started = await until((s) => s.running, 'the stream runs');
    expect(started.since).toBe(new Date(simulator.now()).toISOString());

    simulator.advance(5 * 60_000);
    const feedNow = new Date(simulator.now()).toISOString();
    const streamed = await until(
      (s) => s.lastCursor === feedNow && s.pendingIndexing === 0,
      'a window is applied',
    );
    expect(streamed.lastEventAt).not.toBeNull();
    expect(Date.parse(streamed.lastEventAt!)).toBeLessThanOrEqual(simulator.now());
  });

  it('lists the import log newest first, as many entries as asked for', SLOW, async () => {
    // Every stream window writes an entry, so the log grows while the stream runs.
    await holdStreamStill();
    const all = await get<LogEntry[]>('/api/admin/import-log?limit=100');
    expect(all.length).toBeGreaterThanOrEqual(3);
    const dates = all.map((entry) => Date.parse(entry.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const snapshots = all.filter((entry) => entry.source === 'snapshot');
    expect(snapshots).toHaveLength(2);
    // The first wrote every ad; the second found them all at the same version.
    expect(snapshots.at(-1)).toMatchObject({ imported: firstSnapshotAds, error: null });
    expect(snapshots[0]).toMatchObject({ imported: 0, removed: 0, error: null });
    expect(all.some((entry) => entry.source === 'stream' && entry.imported > 0)).toBe(true);
    expect(await get<LogEntry[]>('/api/admin/import-log?limit=2')).toEqual(all.slice(0, 2));
    expect(await get<LogEntry[]>('/api/admin/import-log')).toEqual(all.slice(0, 7));
    const tooMany = await t.app.inject({
      url: '/api/admin/import-log?limit=101',
      headers: bearer(admin.token),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('reports job stats that agree with the live rows', async () => {
    const stats = await get<{ totalAds: number; count: number; totalVacancies: number; vacancies: number }>(
      '/api/admin/job-stats',
    );
    const live = await liveStats();
    expect(live.ads).toBeGreaterThan(ADS / 2);
    expect(stats).toEqual({
      totalAds: live.ads,
      count: live.ads,
      totalVacancies: live.vacancies,
      vacancies: live.vacancies,
    });
  });

  it('reindexes into a new index and swaps it in while searches keep answering', SLOW, async () => {
    // Hold the stream still so the number of live ads cannot move under the searches.
    await holdStreamStill();
    const { ads } = await liveStats();
    const index = t.search.client.index(t.config.meiliIndex);
    const before = await t.search.client.getIndex(t.config.meiliIndex);

    const accepted = await post('reindex');
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({
      message: 'Omindexeringen har startats. Sökningen fungerar som vanligt under tiden.',
    });
    // A small index can be rebuilt before a second request arrives, so "already running" (409)
    // is only checked when the first reindex is still under way.
    const second = await post('reindex');
    if (second.statusCode === 409) {
      expect(second.json()).toMatchObject({
        message: 'En omindexering pågår redan. Vänta tills den är klar.',
      });
    } else {
      expect(second.statusCode).toBe(202);
    }

    const hitCounts: number[] = [];
    const seen: Status[] = [];
    let searching = true;
    // A failed search ends the loop and is kept, to fail the test below rather than go unhandled.
    const searches = (async () => {
      while (searching) {
        hitCounts.push((await index.search('', { limit: 0 })).estimatedTotalHits ?? -1);
        await sleep(20);
      }
    })().catch((error: unknown) => error);
    try {
      await until(
        () => commandsFinished('reindex', second.statusCode === 202 ? 2 : 1),
        'the reindex is done',
        seen,
      );
    } finally {
      searching = false;
    }
    expect(await searches).toBeUndefined();

    const reindex = await t.database.db
      .selectFrom('feedControl')
      .selectAll()
      .where('command', '=', 'reindex')
      .executeTakeFirstOrThrow();
    expect(reindex.error).toBeNull();
    // Every search answered, with every live ad, before, during and after the swap.
    expect(hitCounts.length).toBeGreaterThan(0);
    expect(new Set(hitCounts)).toEqual(new Set([ads]));
    expect((await index.search('', { limit: 0 })).estimatedTotalHits).toBe(ads);
    const after = await t.search.client.getIndex(t.config.meiliIndex);
    expect(after.createdAt?.getTime()).toBeGreaterThan(before.createdAt?.getTime() ?? Infinity);
    const { results } = await t.search.client.getIndexes({ limit: 1000 });
    expect(results.filter((i) => i.uid.startsWith(`${t.config.meiliIndex}_rebuild_`))).toEqual([]);
  });
});
