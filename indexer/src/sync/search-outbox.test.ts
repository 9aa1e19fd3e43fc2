import { generateAd } from '@jobbportalen/feed-simulator';
import { ensureJobsIndex } from '@jobbportalen/storage';
import type { Meilisearch } from 'meilisearch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { classifyFeedRecord } from '../normalize/classify-feed-record.js';
import type { NormalizedJob } from '../normalize/normalized-job.js';
import { outboxSize } from '../repositories/search-outbox.repository.js';
import { markRemoved, upsertJobs } from './jobs-store.js';
import { drainOutbox } from './search-outbox.js';
import { indexDocuments } from './sync-test-helpers.test-helper.js';

const search = testSearch('outbox');
const ADS = 1200;

function ads(count: number): NormalizedJob[] {
  return Array.from({ length: count }, (_, index) => {
    const record = classifyFeedRecord(generateAd(index, 17));
    if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is no ad`);
    return record.ad;
  });
}

/**
 * The real client, except that `beforeFirstAdd` runs when the first batch is about to be sent:
 * a change made while a batch is in flight, at exactly the worst moment.
 */
function clientChangingMidFlight(beforeFirstAdd: (ids: string[]) => Promise<void>) {
  const sent: string[][] = [];
  const client = {
    tasks: search.client.tasks,
    index(uid: string) {
      const real = search.client.index(uid);
      return {
        async addDocuments(documents: { id: string }[], options?: { primaryKey: string }) {
          const ids = documents.map((document) => document.id);
          if (sent.length === 0) await beforeFirstAdd(ids);
          sent.push(ids);
          return real.addDocuments(documents, options);
        },
        deleteDocuments: (ids: string[]) => real.deleteDocuments(ids),
      };
    },
  };
  return { client: client as unknown as Meilisearch, sent };
}

describe.each(testDatabaseKinds())('the outbox drainer on %s', (kind) => {
  const databases: TestDatabase[] = [];
  let indexUid = '';
  beforeAll(() => ensureJobsIndex(search.client, search.indexUid));
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((d) => d.close()));
    if (indexUid) await search.client.deleteIndexIfExists(indexUid);
  });
  afterAll(() => search.client.deleteIndexIfExists(search.indexUid));

  it('sends again what changed while its batch was in flight, and deletes what was removed meanwhile', async () => {
    const database = await openTestDatabase(kind);
    databases.push(database);
    indexUid = `${search.indexUid}_${kind}`;
    await ensureJobsIndex(search.client, indexUid);
    const jobs = ads(ADS);
    for (let i = 0; i < jobs.length; i += 500) await upsertJobs(database.db, jobs.slice(i, i + 500));

    let changedId = '';
    let removedId = '';
    const { client, sent } = clientChangingMidFlight(async (ids) => {
      [changedId, removedId] = ids as [string, string];
      const changed = jobs.find((job) => job.id === changedId)!;
      const later = new Date((changed.sourceUpdatedAt?.getTime() ?? 0) + 60_000);
      await upsertJobs(database.db, [{ ...changed, title: 'Ändrad under tiden', sourceUpdatedAt: later }]);
      await markRemoved(database.db, [{ id: removedId, removedAt: later }]);
    });
    const delivered = await drainOutbox({
      db: database.db,
      client,
      indexUid,
      batchSize: 250,
      maxInFlight: 2,
    });

    expect(await outboxSize(database.db)).toBe(0);
    // Each outbox row leaves once: the two rows changed mid-flight only with their second sending.
    expect(delivered).toBe(ADS);
    // Sent in batches, the changed and the removed ad once more after their first batch.
    expect(sent.length).toBeGreaterThan(ADS / 250);
    expect(sent.filter((ids) => ids.includes(changedId))).toHaveLength(2);
    const documents = await indexDocuments<{ title: string }>(search.client, indexUid, ['id', 'title']);
    expect(documents).toHaveLength(ADS - 1);
    expect(new Set(documents.map((document) => document.id)).size).toBe(ADS - 1);
    expect(documents.find((document) => document.id === changedId)?.title).toBe('Ändrad under tiden');
    expect(documents.some((document) => document.id === removedId)).toBe(false);
  });

  it('stops sending once paused, confirms what it sent, and leaves the rest for the next drain', async () => {
    const database = await openTestDatabase(kind);
    databases.push(database);
    indexUid = `${search.indexUid}_${kind}_paused`;
    await ensureJobsIndex(search.client, indexUid);
    await upsertJobs(database.db, ads(1000));

    let sweeps = 0;
    const first = await drainOutbox({
      db: database.db,
      client: search.client,
      indexUid,
      batchSize: 200,
      // Paused after two sweeps, as the daemon does when a stream window begins.
      paused: () => sweeps++ >= 2,
    });
    expect(first).toBe(400);
    expect(await outboxSize(database.db)).toBe(600);
    expect(await indexDocuments(search.client, indexUid, ['id'])).toHaveLength(400);

    const rest = await drainOutbox({ db: database.db, client: search.client, indexUid, batchSize: 200 });
    expect(rest).toBe(600);
    expect(await outboxSize(database.db)).toBe(0);
    expect(await indexDocuments(search.client, indexUid, ['id'])).toHaveLength(1000);
  });

  it('keeps every row whose Meilisearch task failed', async () => {
    const database = await openTestDatabase(kind);
    databases.push(database);
    // An index keyed on another attribute: Meilisearch accepts the requests, then fails the tasks.
    indexUid = `${search.indexUid}_${kind}_otherkey`;
    await search.client.createIndex(indexUid, { primaryKey: 'key' }).waitTask();
    await upsertJobs(database.db, ads(300));
    await expect(
      drainOutbox({ db: database.db, client: search.client, indexUid, batchSize: 100 }),
    ).rejects.toThrow(/failed/);
    expect(await outboxSize(database.db)).toBe(300);
  });
});
