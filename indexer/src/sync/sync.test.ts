import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { countLiveJobs, ensureJobsIndex } from '@jobbportalen/storage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { FeedIncompleteError } from '../feed/feed-errors.js';
import { readFeedState, updateFeedState } from '../repositories/feed-state.repository.js';
import { outboxSize } from '../repositories/search-outbox.repository.js';
import { drainOutbox } from './search-outbox.js';
import { importSnapshot, MAX_REMOVAL_SHARE } from './snapshot-import.js';
import { syncStreamWindow } from './stream-sync.js';
import { feedFor, jobState, syncContext } from './sync-test-helpers.test-helper.js';

const search = testSearch('sync');

describe.each(testDatabaseKinds())('feed sync on %s', (kind) => {
  const databases: TestDatabase[] = [];
  const simulators: FeedSimulator[] = [];
  const open = async () => {
    const database = await openTestDatabase(kind);
    databases.push(database);
    return database;
  };
  const simulate = async (options: Parameters<typeof startFeedSimulator>[0] = {}) => {
    const simulator = await startFeedSimulator({
      ads: 150,
      seed: 7,
      speed: 0,
      changeRatePerSecond: 2,
      ...options,
    });
    simulators.push(simulator);
    return simulator;
  };
  beforeAll(() => ensureJobsIndex(search.client, search.indexUid));
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((d) => d.close()));
    await Promise.all(simulators.splice(0).map((s) => s.close()));
  });
  afterAll(() => search.client.deleteIndexIfExists(search.indexUid));

  it('snapshot then stream ends in the same state as a fresh snapshot', async () => {
    const simulator = await simulate();
    const incremental = await open();
    const ctx = syncContext(incremental.db, search.indexUid, simulator);
    const first = await importSnapshot(ctx);
    expect(first.imported).toBeGreaterThan(120);
    expect(await countLiveJobs(incremental.db)).toBe(first.imported);

    simulator.advance(10 * 60_000); // 1,200 changes: updates, new ads, removals
    const window = await syncStreamWindow(ctx);
    expect(window.records).toBeGreaterThan(100);
    expect(window.removed).toBeGreaterThan(0);

    const fresh = await open();
    await importSnapshot(syncContext(fresh.db, search.indexUid, simulator));
    const [a, b] = [await jobState(incremental.db), await jobState(fresh.db)];
    expect(a.live).toEqual(b.live);
  });

  it('applying the same stream window twice changes nothing', async () => {
    const simulator = await simulate();
    const database = await open();
    const ctx = syncContext(database.db, search.indexUid, simulator);
    await importSnapshot(ctx);
    simulator.advance(5 * 60_000);
    const cursor = (await readFeedState(database.db)).lastCursor;
    await syncStreamWindow(ctx);
    const once = await jobState(database.db);
    await updateFeedState(database.db, { lastCursor: cursor });
    const again = await syncStreamWindow(ctx);
    expect(again.records).toBeGreaterThan(0);
    expect(again.imported).toBe(0); // every ad already at that version
    expect(await jobState(database.db)).toEqual(once);
  });

  it('a snapshot cut off mid-body retires nothing and logs the failure', async () => {
    const simulator = await simulate();
    const database = await open();
    const ctx = syncContext(database.db, search.indexUid, simulator);
    await importSnapshot(ctx);
    const before = await jobState(database.db);
    simulator.advance(60 * 60_000); // many removals happened in the feed
    simulator.setFaults({ truncateSnapshotNext: 1, truncateAfterBytes: 40_000 });
    await expect(importSnapshot(ctx)).rejects.toBeInstanceOf(FeedIncompleteError);
    const after = await jobState(database.db);
    expect(after.removedIds).toEqual(before.removedIds);
    const log = await database.db
      .selectFrom('importLog')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.error).toMatch(/Ofullständig snapshot/);
    expect((await readFeedState(database.db)).progressTask).toBeNull();
  });

  it(`never retires more than ${MAX_REMOVAL_SHARE * 100} % of the live ads on one snapshot`, async () => {
    const big = await simulate({ ads: 300 });
    const database = await open();
    await importSnapshot(syncContext(database.db, search.indexUid, big));
    // The same feed suddenly serves a third of its ads (same seed: same ids for the first 100).
    const small = await simulate({ ads: 100, startTime: big.now() });
    const result = await importSnapshot(syncContext(database.db, search.indexUid, small));
    expect(result.retirementBlocked).toBe(true);
    expect(result.retired).toBe(0);
    expect(await countLiveJobs(database.db)).toBeGreaterThanOrEqual(300 - 10);
  });

  it('survives bursts of 429 and 500 from the feed', async () => {
    const simulator = await simulate({
      faults: { rateLimitNext: 2, retryAfterSeconds: 0, serverErrorNext: 2 },
    });
    const database = await open();
    const result = await importSnapshot(
      syncContext(database.db, search.indexUid, simulator, feedFor(simulator)),
    );
    expect(result.imported).toBeGreaterThan(120);
    expect(simulator.stats().statuses['429']).toBe(2);
    expect(simulator.stats().statuses['500']).toBe(2);
  });

  it('keeps changes in the outbox while Meilisearch is unreachable and delivers them afterwards', async () => {
    const simulator = await simulate({ ads: 120 });
    const database = await open();
    const ctx = syncContext(database.db, search.indexUid, simulator);
    await importSnapshot(ctx);
    const pending = await outboxSize(database.db);
    expect(pending).toBe(await countLiveJobs(database.db));

    const { Meilisearch } = await import('meilisearch');
    const down = new Meilisearch({ host: 'http://127.0.0.1:9', apiKey: 'x' });
    await expect(drainOutbox({ db: database.db, client: down, indexUid: search.indexUid })).rejects.toThrow();
    expect(await outboxSize(database.db)).toBe(pending);

    const uid = `${search.indexUid}_outbox`;
    await ensureJobsIndex(search.client, uid);
    try {
      expect(await drainOutbox({ db: database.db, client: search.client, indexUid: uid })).toBe(pending);
      expect(await outboxSize(database.db)).toBe(0);
      const stats = await search.client.index(uid).getStats();
      expect(stats.numberOfDocuments).toBe(pending);
      // A removal reaches the index as a deletion.
      simulator.advance(5 * 60_000);
      const window = await syncStreamWindow(ctx);
      expect(window.removed).toBeGreaterThan(0);
      await drainOutbox({ db: database.db, client: search.client, indexUid: uid });
      expect((await search.client.index(uid).getStats()).numberOfDocuments).toBe(
        await countLiveJobs(database.db),
      );
    } finally {
      await search.client.deleteIndexIfExists(uid);
    }
  });
});
