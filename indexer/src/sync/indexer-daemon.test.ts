import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { ensureJobsIndex } from '@jobbportalen/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { FEED_CONTROL_CHANNEL } from '../repositories/feed-control.repository.js';
import { readFeedState } from '../repositories/feed-state.repository.js';
import { queueFeedCommand } from './feed-commands.js';
import { startIndexer } from './indexer-daemon.js';
import { feedFor, quietLogger, waitUntil } from './sync-test-helpers.test-helper.js';

/** Long enough that nothing here can be the work of a poll or a stream window. */
const NEVER_MS = 3_600_000;

describe.each(testDatabaseKinds())('commands the indexer daemon queues itself, on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('announces its first-start snapshot and start on the command channel, like any command', async () => {
    const simulator: FeedSimulator = await startFeedSimulator({
      ads: 20,
      seed: 4,
      speed: 0,
      changeRatePerSecond: 0,
    });
    cleanups.push(() => simulator.close());
    const database = await openTestDatabase(kind);
    cleanups.push(() => database.close());
    const search = testSearch('daemon');
    await ensureJobsIndex(search.client, search.indexUid);
    cleanups.push(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));
    // Another process listening for admin commands (a standby indexer, an admin's server).
    const heard: string[] = [];
    const unlisten = await database.listen(FEED_CONTROL_CHANNEL, (payload) => heard.push(payload));
    cleanups.push(unlisten);

    const indexer = startIndexer({
      database,
      search: search.client,
      indexUid: search.indexUid,
      feed: feedFor(simulator),
      logger: quietLogger,
      importOnFirstStart: true,
      commandPollMs: NEVER_MS,
      streamIntervalMs: NEVER_MS,
      now: () => new Date(simulator.now()),
    });
    cleanups.push(() => indexer.stop());

    await waitUntil(async () => heard.length >= 2, 'both queued commands are announced', 20_000);
    const queued = await database.db
      .selectFrom('feedControl')
      .select(['id', 'command', 'requestedBy'])
      .orderBy('id')
      .execute();
    expect(queued.map(({ command, requestedBy }) => ({ command, requestedBy }))).toEqual([
      { command: 'snapshot', requestedBy: 'indexer' },
      { command: 'start', requestedBy: 'indexer' },
    ]);
    expect(heard).toEqual(queued.map((row) => String(row.id)));
    // And the daemon still carries them out.
    await waitUntil(
      async () => {
        const state = await readFeedState(database.db);
        return state.running && state.lastSnapshotAt !== null;
      },
      'the snapshot is imported and the stream started',
      60_000,
    );
  });

  it('stops at once when stopped during a stream window, not after its next poll', async () => {
    // Every feed answer waits a moment, so the stream window is still running when stop() comes.
    const simulator = await startFeedSimulator({ ads: 20, seed: 4, speed: 0, faults: { delayMs: 1000 } });
    cleanups.push(() => simulator.close());
    const database = await openTestDatabase(kind);
    cleanups.push(() => database.close());
    const search = testSearch('daemon');
    await ensureJobsIndex(search.client, search.indexUid);
    cleanups.push(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));
    const indexer = startIndexer({
      database,
      search: search.client,
      indexUid: search.indexUid,
      feed: feedFor(simulator),
      logger: quietLogger,
      commandPollMs: NEVER_MS,
      streamIntervalMs: NEVER_MS,
      now: () => new Date(simulator.now()),
    });
    await queueFeedCommand(database.db, 'start', null);
    await waitUntil(async () => (await readFeedState(database.db)).running, 'the stream is started', 20_000);

    // Without its own poll coming for an hour, this ends only if the daemon notices the stop.
    await indexer.stop();
    await expect(indexer.done).resolves.toBeUndefined();
  });

  it('runs its housekeeping when it takes the lock and then every interval, on its own clock; a standby indexer does not', async () => {
    const simulator = await startFeedSimulator({ ads: 5, seed: 4, speed: 0 });
    cleanups.push(() => simulator.close());
    const database = await openTestDatabase(kind);
    cleanups.push(() => database.close());
    const search = testSearch('daemon');
    await ensureJobsIndex(search.client, search.indexUid);
    cleanups.push(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));
    const moved = new Date('2031-03-01T04:00:00Z');
    const start = (runs: Date[]) =>
      startIndexer({
        database,
        search: search.client,
        indexUid: search.indexUid,
        feed: feedFor(simulator),
        logger: quietLogger,
        commandPollMs: NEVER_MS,
        streamIntervalMs: NEVER_MS,
        now: () => moved,
        housekeeping: { intervalMs: 300, run: async (now) => void runs.push(now) },
      });
    const runs: Date[] = [];
    const indexer = start(runs);
    cleanups.push(() => indexer.stop());
    await waitUntil(async () => runs.length >= 3, 'the housekeeping runs at start and then again', 20_000);
    expect(runs.every((now) => now.getTime() === moved.getTime())).toBe(true);

    // PGlite is one process's database (its data dir is locked): a standby indexer exists only on PostgreSQL.
    if (kind !== 'postgres') return;
    const standbyRuns: Date[] = [];
    const standby = start(standbyRuns);
    cleanups.push(() => standby.stop());
    const before = runs.length;
    await waitUntil(async () => runs.length >= before + 3, 'the lock holder keeps running it', 20_000);
    expect(standbyRuns).toEqual([]);
  }, 60_000);
});
