import { startFeedSimulator } from '@jobbportalen/feed-simulator';
import { completed, ensureJobsIndex, updateReplica } from '@jobbportalen/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { normalizedJob } from '@jobbportalen/test-support/jobs';
import { testSearch } from '@jobbportalen/test-support/search';
import { outdatedDocuments } from './document-format.js';
import { queueFeedCommand } from './feed-commands.js';
import { startIndexer } from './indexer-daemon.js';
import { upsertJobs } from './jobs-store.js';
import { drainOutbox, replicaOfClient } from './search-outbox.js';
import { feedFor, indexDocuments, waitUntil } from './sync-test-helpers.test-helper.js';

/** Long enough that nothing here can be the work of a poll or a stream window. */
const NEVER_MS = 3_600_000;
const DEVELOPER_FILTER = 'occupationKeys IN ["utvecklare"]';

const developer = normalizedJob('dev-1', {
  title: 'Systemutvecklare',
  occupation: 'Mjukvaru- och systemutvecklare m.fl.',
});
// Its text says 'utvecklas': an occupation search for 'utvecklare' must not find it.
const driver = normalizedJob('drv-1', {
  title: 'Lastbilschaufför',
  occupation: 'Lastbilsförare',
  descriptionText: 'Verksamheten utvecklas och du utvecklas med den.',
  descriptionHtml: '<p>Verksamheten utvecklas och du utvecklas med den.</p>',
});

/** Log lines, kept so a test can tell why the daemon did what it did. */
function recordingLogger() {
  const lines: { level: string; msg: string | undefined; obj: object }[] = [];
  const record = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg, obj });
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}

describe.each(testDatabaseKinds())('search documents of an older format, on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  /**
   * Two ads in Postgres and delivered to the index (outbox drained, replica live), as an indexer
   * of an earlier version left them; with `strip`, the documents then lack those fields.
   */
  async function deliveredAds(strip: readonly string[]) {
    const database: TestDatabase = await openTestDatabase(kind);
    cleanups.push(() => database.close());
    const search = testSearch('format');
    await ensureJobsIndex(search.client, search.indexUid);
    cleanups.push(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));
    await upsertJobs(database.db, [developer, driver]);
    await drainOutbox({ db: database.db, client: search.client, indexUid: search.indexUid });
    if (strip.length > 0) {
      const documents = await indexDocuments(search.client, search.indexUid, ['*']);
      const older = documents.map((document) =>
        Object.fromEntries(Object.entries(document).filter(([field]) => !strip.includes(field))),
      );
      // Adding replaces each document whole: the stripped fields are gone.
      await completed(search.client.index(search.indexUid).addDocuments(older, { primaryKey: 'id' }));
    }
    return { database, search };
  }

  const developerHits = async (search: ReturnType<typeof testSearch>) =>
    (await search.client.index(search.indexUid).search('', { filter: DEVELOPER_FILTER })).hits.map(
      (hit) => hit['id'] as string,
    );

  async function startDaemon(database: TestDatabase, search: ReturnType<typeof testSearch>) {
    const simulator = await startFeedSimulator({ ads: 5, seed: 4, speed: 0, changeRatePerSecond: 0 });
    cleanups.push(() => simulator.close());
    const logger = recordingLogger();
    const indexer = startIndexer({
      database,
      search: search.client,
      indexUid: search.indexUid,
      feed: feedFor(simulator),
      logger,
      commandPollMs: NEVER_MS,
      streamIntervalMs: NEVER_MS,
      now: () => new Date(simulator.now()),
    });
    cleanups.push(() => indexer.stop());
    return logger;
  }

  const commands = (database: TestDatabase) =>
    database.db
      .selectFrom('feedControl')
      .select(['command', 'requestedBy', 'finishedAt', 'error'])
      .orderBy('id')
      .execute();

  it(
    'rebuilds them when the daemon starts, after which an occupation filter finds the developer ad',
    { timeout: 90_000 },
    async () => {
      const { database, search } = await deliveredAds(['occupationKeys', 'mentionKeys']);
      // As an upgrade finds them: the filter finds nothing, and the check sees why.
      expect(await developerHits(search)).toEqual([]);
      expect(await outdatedDocuments(search.client, search.indexUid)).toEqual({
        documents: 2,
        lacking: { occupationKeys: 0, mentionKeys: 0 },
      });

      const logger = await startDaemon(database, search);
      await waitUntil(
        async () => (await commands(database)).some((row) => row.command === 'reindex' && row.finishedAt),
        'the rebuild has run',
        60_000,
      );

      // Queued as the admin's 'Indexera om' is, so the admin shows it and its progress.
      expect(
        (await commands(database)).map(({ command, requestedBy, error }) => ({
          command,
          requestedBy,
          error,
        })),
      ).toEqual([{ command: 'reindex', requestedBy: 'indexer', error: null }]);
      expect(logger.lines).toContainEqual({
        level: 'info',
        msg: 'search documents are in an older format; rebuilding the search index',
        obj: expect.objectContaining({ documents: 2, lacking: { occupationKeys: 0, mentionKeys: 0 } }),
      });
      expect(await outdatedDocuments(search.client, search.indexUid)).toBeNull();
      expect(await developerHits(search)).toEqual([developer.id]);
    },
  );

  it('leaves current documents alone when the daemon starts', { timeout: 60_000 }, async () => {
    const { database, search } = await deliveredAds([]);
    const swapsBefore = await search.client.tasks.getTasks({ types: ['indexSwap'], limit: 1000 });
    // The daemon checks before it reads its first command: once this one is done, any rebuild
    // it found needed would be queued already.
    await queueFeedCommand(database.db, 'stop', null);
    const logger = await startDaemon(database, search);
    await waitUntil(
      async () => (await commands(database)).every((row) => row.finishedAt),
      'the stop is done',
    );

    expect((await commands(database)).map((row) => row.command)).toEqual(['stop']);
    expect(logger.lines.filter((line) => line.msg?.includes('older format'))).toEqual([]);
    const swapsAfter = await search.client.tasks.getTasks({ types: ['indexSwap'], limit: 1000 });
    const swapsOfThisIndex = swapsAfter.results.filter(
      (task) =>
        !swapsBefore.results.some((before) => before.uid === task.uid) &&
        JSON.stringify(task.details).includes(search.indexUid),
    );
    expect(swapsOfThisIndex).toEqual([]);
    expect(await developerHits(search)).toEqual([developer.id]);
  });

  it('refills a replica reached again after a failure whose documents are of an older format', async () => {
    const { database, search } = await deliveredAds(['occupationKeys']);
    const replica = replicaOfClient(search.client);
    // It was away when the daemon started, so the start's check could not see it.
    await updateReplica(database.db, search.indexUid, replica.id, { lastError: 'fetch failed' });
    const logger = recordingLogger();

    await drainOutbox({ db: database.db, replicas: [replica], indexUid: search.indexUid, logger });

    expect(logger.lines.map((line) => line.msg)).toEqual([
      'search documents are in an older format; refilling the replica',
    ]);
    expect(await outdatedDocuments(search.client, search.indexUid)).toBeNull();
    expect(await developerHits(search)).toEqual([developer.id]);
  });

  it('counts a field as missing when only some documents lack it', async () => {
    const { search } = await deliveredAds([]);
    const [first] = await indexDocuments(search.client, search.indexUid, ['*']);
    const { mentionKeys: _dropped, ...older } = first as Record<string, unknown>;
    await completed(search.client.index(search.indexUid).addDocuments([older], { primaryKey: 'id' }));

    expect(await outdatedDocuments(search.client, search.indexUid)).toEqual({
      documents: 2,
      lacking: { mentionKeys: 1 },
    });
    expect(await outdatedDocuments(search.client, `${search.indexUid}_gone`)).toBeNull();
  });
});
