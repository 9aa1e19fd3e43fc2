import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { ensureJobsIndex } from '@jobbportalen/storage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { readFeedState } from '../repositories/feed-state.repository.js';
import { importSnapshot } from './snapshot-import.js';
import { syncStreamWindow } from './stream-sync.js';
import { jobState, syncContext } from './sync-test-helpers.test-helper.js';

const search = testSearch('streamfaults');
// Two snapshot imports and a window each; a loaded CI machine needs more than the default.
const SLOW = { timeout: 120_000 };

describe.each(testDatabaseKinds())('stream windows under feed faults on %s', (kind) => {
  const databases: TestDatabase[] = [];
  let simulator: FeedSimulator;
  const open = async () => {
    const database = await openTestDatabase(kind);
    databases.push(database);
    return database;
  };
  beforeAll(() => ensureJobsIndex(search.client, search.indexUid));
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((d) => d.close()));
    await simulator.close();
  });
  afterAll(() => search.client.deleteIndexIfExists(search.indexUid));

  /** A database that imported the snapshot, with ten simulated minutes of changes waiting in the feed. */
  async function importedThenChanged() {
    simulator = await startFeedSimulator({ ads: 150, seed: 11, speed: 0, changeRatePerSecond: 2 });
    const database = await open();
    const ctx = syncContext(database.db, search.indexUid, simulator);
    await importSnapshot(ctx);
    simulator.advance(10 * 60_000);
    return { database, ctx };
  }

  /** The live ads of a database that imported the feed as it is now, from scratch. */
  async function freshState() {
    const fresh = await open();
    await importSnapshot(syncContext(fresh.db, search.indexUid, simulator));
    return (await jobState(fresh.db)).live;
  }

  it('applies a window whose requests first meet bursts of 429 and 500', SLOW, async () => {
    const { database, ctx } = await importedThenChanged();
    simulator.setFaults({ rateLimitNext: 2, retryAfterSeconds: 0, serverErrorNext: 2 });
    const window = await syncStreamWindow(ctx);
    expect(window.records).toBeGreaterThan(100);
    expect(window.removed).toBeGreaterThan(0);
    expect(simulator.stats().statuses).toMatchObject({ '429': 2, '500': 2 });
    expect((await jobState(database.db)).live).toEqual(await freshState());
    const log = await database.db
      .selectFrom('importLog')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ source: 'stream', error: null });
  });

  it('keeps the cursor when a burst outlasts the retries, and the next window catches up', SLOW, async () => {
    const { database, ctx } = await importedThenChanged();
    const before = await readFeedState(database.db);
    const stateBefore = await jobState(database.db);
    simulator.setFaults({ serverErrorNext: 20 });
    await expect(syncStreamWindow(ctx)).rejects.toThrow();
    expect((await readFeedState(database.db)).lastCursor).toEqual(before.lastCursor);
    expect(await jobState(database.db)).toEqual(stateBefore);
    const failed = await database.db
      .selectFrom('importLog')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(failed.error).toMatch(/^Strömningen misslyckades/);

    simulator.clearFaults();
    await syncStreamWindow(ctx);
    expect((await jobState(database.db)).live).toEqual(await freshState());
  });
});
