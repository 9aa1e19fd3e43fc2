import { generateAd, startFeedSimulator } from '@jobbportalen/feed-simulator';
import { replicaPositions, searchReplicas, type SearchReplica } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { startTestReplicas, type TestReplicas } from '@jobbportalen/test-support/replicas';
import { classifyFeedRecord } from '../normalize/classify-feed-record.js';
import type { NormalizedJob } from '../normalize/normalized-job.js';
import { outboxSize } from '../repositories/search-outbox.repository.js';
import { markRemoved, upsertJobs } from './jobs-store.js';
import { rebuildReplicas } from './reindex.js';
import { startIndexer } from './indexer-daemon.js';
import { drainOutbox } from './search-outbox.js';
import { feedFor, indexDocuments, quietLogger, waitUntil } from './sync-test-helpers.test-helper.js';

const ADS = 300;
// Two Meilisearch processes of their own, filled and stopped: slower than most tests on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

function ads(count: number, seed: number): NormalizedJob[] {
  return Array.from({ length: count }, (_, index) => {
    const record = classifyFeedRecord(generateAd(index, seed));
    if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is no ad`);
    return record.ad;
  });
}

const titleOf = async (replica: SearchReplica, indexUid: string, id: string) =>
  (await replica.client.index(indexUid).getDocument<{ title: string }>(id)).title;

describe.each(testDatabaseKinds())('the outbox with two Meilisearch replicas on %s', (kind) => {
  let meili: TestReplicas;
  let database: TestDatabase;
  let replicas: SearchReplica[];
  let a: SearchReplica;
  let b: SearchReplica;
  let jobs: NormalizedJob[];
  const indexUid = `replicas_${kind}`;
  let edits = 0;

  const drain = (options: { maxBacklog?: number } = {}) =>
    drainOutbox({ db: database.db, replicas, indexUid, batchSize: 100, ...options });
  const state = async (replica: SearchReplica) =>
    (await replicaPositions(database.db, indexUid, [replica.id])).get(replica.id);
  /** Gives one ad a new title in Postgres (and so a row in the outbox). */
  async function retitle(job: NormalizedJob): Promise<string> {
    const title = `Ändrad ${kind} ${++edits}`;
    const later = new Date(Date.now() + edits * 60_000);
    await upsertJobs(database.db, [{ ...job, title, sourceUpdatedAt: later }]);
    return title;
  }

  beforeAll(async () => {
    meili = await startTestReplicas(2);
    replicas = searchReplicas(meili.urls, meili.apiKey);
    [a, b] = replicas as [SearchReplica, SearchReplica];
    database = await openTestDatabase(kind);
    jobs = ads(ADS, 23);
    await upsertJobs(database.db, jobs);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await meili?.close();
  });

  it('fills new replicas from Postgres, then sends a change to both and trims it', async () => {
    await drain();
    for (const replica of replicas) {
      expect(await indexDocuments(replica.client, indexUid)).toHaveLength(ADS);
      expect((await state(replica))?.state).toBe('live');
    }
    expect(await outboxSize(database.db)).toBe(0);

    const title = await retitle(jobs[0]!);
    await markRemoved(database.db, [{ id: jobs[1]!.id, removedAt: new Date() }]);
    expect(await outboxSize(database.db)).toBe(2);
    expect(await drain()).toBe(2);
    for (const replica of replicas) {
      expect(await titleOf(replica, indexUid, jobs[0]!.id)).toBe(title);
      expect(await indexDocuments(replica.client, indexUid)).toHaveLength(ADS - 1);
    }
    expect(await outboxSize(database.db)).toBe(0);
  });

  it('keeps the backlog of a replica that is down, trims nothing it lacks, and catches it up when back', async () => {
    await meili.replicas[1]!.stop();
    const title = await retitle(jobs[2]!);
    // The live replica that answers gets it; the one that is down keeps its row in the outbox.
    await drain();
    expect(await titleOf(a, indexUid, jobs[2]!.id)).toBe(title);
    expect(await outboxSize(database.db)).toBe(1);
    expect((await state(b))?.state).toBe('live');
    expect((await state(b))?.lastError).toBeTruthy();
    expect((await state(a))!.confirmedSeq).toBeGreaterThan((await state(b))!.confirmedSeq);

    await meili.replicas[1]!.start();
    await drain();
    expect(await titleOf(b, indexUid, jobs[2]!.id)).toBe(title);
    expect(await outboxSize(database.db)).toBe(0);
    expect((await state(b))?.lastError).toBeNull();
  });

  it('marks a replica too far behind for rebuild, lets the outbox go, and refills it when back', async () => {
    await meili.replicas[1]!.stop();
    const first = await retitle(jobs[3]!);
    const second = await retitle(jobs[4]!);
    await drain({ maxBacklog: 1 });
    expect((await state(b))?.state).toBe('rebuild');
    // No longer held for the replica that will be rebuilt.
    expect(await outboxSize(database.db)).toBe(0);

    await meili.replicas[1]!.start();
    await drain({ maxBacklog: 1 });
    expect((await state(b))?.state).toBe('live');
    expect(await titleOf(b, indexUid, jobs[3]!.id)).toBe(first);
    expect(await titleOf(b, indexUid, jobs[4]!.id)).toBe(second);
    expect(await indexDocuments(b.client, indexUid)).toHaveLength(ADS - 1);
  });

  it('refills a wiped replica before it counts as live again', async () => {
    await b.client.deleteIndex(indexUid).waitTask({ timeout: 60_000 });
    const title = await retitle(jobs[5]!);
    await drain();
    expect((await state(b))?.state).toBe('live');
    const documents = await indexDocuments<{ title: string }>(b.client, indexUid, ['id', 'title']);
    expect(documents).toHaveLength(ADS - 1);
    expect(documents.find((document) => document.id === jobs[5]!.id)?.title).toBe(title);
    expect(await titleOf(a, indexUid, jobs[5]!.id)).toBe(title);
    expect(await outboxSize(database.db)).toBe(0);
  });

  it("rebuilds and swaps the index on every replica ('Indexera om')", async () => {
    // A document Postgres does not have: only a rebuild from Postgres removes it.
    for (const replica of replicas)
      await replica.client
        .index(indexUid)
        .addDocuments([{ id: 'stray' }])
        .waitTask({ timeout: 60_000 });
    const title = await retitle(jobs[6]!);
    await rebuildReplicas({ db: database.db, replicas, indexUid });
    for (const replica of replicas) {
      const documents = await indexDocuments<{ title: string }>(replica.client, indexUid, ['id', 'title']);
      expect(documents).toHaveLength(ADS - 1);
      expect(documents.some((document) => document.id === 'stray')).toBe(false);
      expect(documents.find((document) => document.id === jobs[6]!.id)?.title).toBe(title);
      expect((await state(replica))?.state).toBe('live');
      expect((await replica.client.getIndexes({ limit: 100 })).results.map((index) => index.uid)).toEqual([
        indexUid,
      ]);
    }
    // What the rebuild already holds is delivered once more (at least once), then trimmed.
    await drain();
    expect(await outboxSize(database.db)).toBe(0);
  });

  it('keeps the live replica current in the daemon while the other is down, and catches that one up when back', async () => {
    const simulator = await startFeedSimulator({ ads: 1, seed: 1, speed: 0, changeRatePerSecond: 0 });
    await meili.replicas[1]!.stop();
    const indexer = startIndexer({
      database,
      search: a.client,
      replicas,
      indexUid,
      feed: feedFor(simulator),
      logger: quietLogger,
      commandPollMs: 3_600_000,
      streamIntervalMs: 3_600_000,
    });
    try {
      const title = await retitle(jobs[7]!);
      indexer.wake();
      const has = (replica: SearchReplica) => async () =>
        (await titleOf(replica, indexUid, jobs[7]!.id).catch(() => '')) === title;
      await waitUntil(has(a), 'the replica that answers has the change', 20_000);
      expect(await outboxSize(database.db)).toBe(1);

      await meili.replicas[1]!.start();
      indexer.wake();
      await waitUntil(has(b), 'the restarted replica has caught up', 20_000);
      await waitUntil(async () => (await outboxSize(database.db)) === 0, 'the outbox is trimmed', 20_000);
    } finally {
      await indexer.stop();
      await meili.replicas[1]!.start();
      await simulator.close();
    }
  });

  it('holds nothing back for a new replica that cannot be reached, and forgets one no longer configured', async () => {
    const [unreachable] = searchReplicas(['http://127.0.0.1:9'], meili.apiKey) as [SearchReplica];
    const title = await retitle(jobs[8]!);
    await expect(
      drainOutbox({ db: database.db, replicas: [...replicas, unreachable], indexUid, only: unreachable.id }),
    ).rejects.toThrow();
    expect((await state(unreachable))?.state).toBe('rebuild');
    await drainOutbox({ db: database.db, replicas: [...replicas, unreachable], indexUid });
    for (const replica of replicas) expect(await titleOf(replica, indexUid, jobs[8]!.id)).toBe(title);
    expect(await outboxSize(database.db)).toBe(0);

    await drain();
    expect(await state(unreachable)).toBeUndefined();
  });
});
