import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { ensureJobsIndex, openSearchEngine, type SearchEngine } from '@jobbportalen/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { outboxSize } from '../repositories/search-outbox.repository.js';
import { queueFeedCommand } from './feed-commands.js';
import { startIndexer, type RunningIndexer } from './indexer-daemon.js';
import { feedFor, indexDocuments, quietLogger, waitUntil } from './sync-test-helpers.test-helper.js';

const INDEX = 'jobs';

describe.each(testDatabaseKinds())('Meilisearch stopped while the indexer streams, on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  // The cleanups (the daemon, its own Meilisearch, the database) take seconds alone, but once took
  // over vitest's default 60 s for a hook under the whole suite's load, failing a test that passed.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  }, 180_000);

  it(
    'ends with every live ad indexed as stored, and removed ones gone, once it is back',
    { timeout: 240_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-meili-restart-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      // A Meilisearch of our own: the run's shared one must not be stopped.
      let engine: SearchEngine = await openSearchEngine({ dataDir, restartOnCrash: false });
      cleanups.push(() => engine.close());
      await ensureJobsIndex(engine.client, INDEX);
      const simulator: FeedSimulator = await startFeedSimulator({
        ads: 200,
        seed: 21,
        speed: 0,
        changeRatePerSecond: 2,
      });
      cleanups.push(() => simulator.close());
      const database: TestDatabase = await openTestDatabase(kind);
      cleanups.push(() => database.close());
      const { db } = database;

      const indexer: RunningIndexer = startIndexer({
        database,
        // A restarted Meilisearch may listen on another port: the daemon asks for the current client.
        search: () => engine.client,
        indexUid: INDEX,
        feed: feedFor(simulator),
        logger: quietLogger,
        streamIntervalMs: 300,
        commandPollMs: 200,
        now: () => new Date(simulator.now()),
      });
      cleanups.push(() => indexer.stop());
      await queueFeedCommand(db, 'snapshot', null);
      await queueFeedCommand(db, 'start', null);
      indexer.wake();
      const snapshotLogged = async () =>
        Boolean(
          await db.selectFrom('importLog').select('id').where('source', '=', 'snapshot').executeTakeFirst(),
        );
      await waitUntil(
        async () => (await snapshotLogged()) && (await outboxSize(db)) === 0,
        'the snapshot is indexed',
      );

      await engine.close();
      const lastLogBeforeOutage = await db
        .selectFrom('importLog')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const appliedDuringOutage = () =>
        db
          .selectFrom('importLog')
          .selectAll()
          .where('source', '=', 'stream')
          .where('id', '>', String(lastLogBeforeOutage.id))
          .where((eb) => eb.or([eb('imported', '>', 0), eb('removed', '>', 0)]))
          .orderBy('id')
          .execute();
      // Two rounds of changes (updates, new ads, removals), each applied by a window while Meilisearch is down.
      for (const round of [1, 2]) {
        simulator.advance(5 * 60_000);
        await waitUntil(
          async () => (await appliedDuringOutage()).length >= round,
          `window ${round} is applied`,
        );
      }
      const applied = await appliedDuringOutage();
      expect(applied.reduce((sum, entry) => sum + entry.imported, 0)).toBeGreaterThan(0);
      expect(applied.reduce((sum, entry) => sum + entry.removed, 0)).toBeGreaterThan(0);
      const pending = await outboxSize(db);
      expect(pending).toBeGreaterThan(0);

      engine = await openSearchEngine({ dataDir, restartOnCrash: false });
      indexer.wake();
      await waitUntil(async () => (await outboxSize(db)) === 0, 'the outbox is delivered');

      const rows = await db
        .selectFrom('jobs')
        .select(['id', 'title', 'vacancies', 'lastDate', 'removedAt'])
        .execute();
      const live = rows.filter((row) => row.removedAt === null);
      const removedIds = rows.filter((row) => row.removedAt !== null).map((row) => row.id);
      expect(removedIds.length).toBeGreaterThan(0);
      const documents = await indexDocuments<{ title: string; vacancies: number; lastDate: string | null }>(
        engine.client,
        INDEX,
        ['id', 'title', 'vacancies', 'lastDate'],
      );
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      expect(documents.sort(byId)).toEqual(
        live
          .map((row) => ({
            id: row.id,
            title: row.title,
            vacancies: row.vacancies,
            lastDate: row.lastDate?.toISOString() ?? null,
          }))
          .sort(byId),
      );
    },
  );
});
