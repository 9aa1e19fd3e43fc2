import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { createDatabase, ensureJobsIndex, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { readFeedState } from '../repositories/feed-state.repository.js';
import type { IndexerProcessConfig, IndexerProcessReport } from './fixtures/indexer-process.test-helper.js';
import { indexDocuments } from './sync-test-helpers.test-helper.js';

const fixture = fileURLToPath(new URL('./fixtures/indexer-process.test-helper.ts', import.meta.url));
// Eight batches of the daemon (250 ads each): enough to kill it with most of them still to do.
const ADS = 2000;

/** The indexer daemon in a child process, with its reports (see the fixture) as they arrive. */
function startIndexerProcess(config: IndexerProcessConfig) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let latest: IndexerProcessReport | undefined;
  let pending = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) latest = JSON.parse(line) as IndexerProcessReport;
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));

  async function waitFor(
    check: (report: IndexerProcessReport) => boolean,
    what: string,
    timeoutMs = 180_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (latest && check(latest)) return latest;
      if (gone) throw new Error(`the indexer process exited before ${what}: ${stderr}`);
      if (Date.now() > deadline)
        throw new Error(`timed out waiting until ${what}; last report ${JSON.stringify(latest)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return { child, exited, waitFor };
}

describe.each(testDatabaseKinds())('an indexer killed mid-snapshot, on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it(
    "ends with exactly the feed's ads, each indexed once, after a restart",
    { timeout: 300_000 },
    async () => {
      // A frozen feed without changes: the snapshot at the end is the snapshot at the start.
      const simulator: FeedSimulator = await startFeedSimulator({
        ads: ADS,
        seed: 5,
        speed: 0,
        changeRatePerSecond: 0,
      });
      cleanups.push(() => simulator.close());
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-killed-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      let postgres: TestDatabase | undefined;
      if (kind === 'postgres') {
        postgres = await openTestDatabase('postgres');
        cleanups.push(() => postgres!.close());
      }
      const search = testSearch('killed');
      await ensureJobsIndex(search.client, search.indexUid);
      cleanups.push(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));
      /** Reads the database the child left: PGlite only while no child holds it. */
      const inspect = async <T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
        if (postgres) return read(postgres.db);
        const handle = await createDatabase({ dataDir });
        try {
          return await read(handle.db);
        } finally {
          await handle.close();
        }
      };
      const config: IndexerProcessConfig = {
        dataDir,
        ...(postgres?.url ? { databaseUrl: postgres.url } : {}),
        feedUrl: simulator.url,
        meiliUrl: search.url,
        meiliKey: search.apiKey,
        indexUid: search.indexUid,
        now: simulator.now(),
      };

      const first = startIndexerProcess(config);
      cleanups.push(async () => void first.child.kill('SIGKILL'));
      await first.waitFor((report) => {
        if (report.snapshotDone)
          throw new Error('the snapshot finished before it could be killed: raise ADS');
        return report.task === 'snapshot' && report.processed >= 500;
      }, 'the snapshot is under way');
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      // The killed run left part of the ads and a snapshot still marked as running.
      const left = await inspect(async (db) => ({
        task: (await readFeedState(db)).progressTask,
        stored: (await db.selectFrom('jobs').select('id').execute()).length,
        snapshotsLogged: (await db.selectFrom('importLog').select('id').execute()).length,
      }));
      expect(left.task).toBe('snapshot');
      expect(left.stored).toBeGreaterThan(0);
      expect(left.stored).toBeLessThan(ADS);
      expect(left.snapshotsLogged).toBe(0);

      const second = startIndexerProcess(config);
      cleanups.push(async () => void second.child.kill('SIGKILL'));
      await second.waitFor(
        (report) => report.snapshotDone && report.task === null && report.outbox === 0,
        'the snapshot is redone and indexed',
      );
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);

      const feedIds = ((await (await fetch(`${simulator.url}/snapshot`)).json()) as { id: string | number }[])
        .map((ad) => String(ad.id))
        .sort();
      expect(feedIds).toHaveLength(ADS);
      const after = await inspect(async (db) => ({
        rows: await db.selectFrom('jobs').select(['id', 'removedAt']).orderBy('id').execute(),
        commands: await db
          .selectFrom('feedControl')
          .select(['command', 'error', 'finishedAt'])
          .orderBy('id')
          .execute(),
        log: await db.selectFrom('importLog').select(['source', 'error']).execute(),
      }));
      // Every ad of the feed live, none twice, nothing else, nothing retired.
      expect(after.rows.map((row) => row.id)).toEqual(feedIds);
      expect(after.rows.filter((row) => row.removedAt !== null)).toEqual([]);
      // The killed command is closed as interrupted; the snapshot queued on restart completed.
      expect(after.commands.find((c) => c.command === 'snapshot')?.error).toBe(
        'Avbruten (indexeraren startades om).',
      );
      expect(after.commands.filter((c) => c.command === 'snapshot').at(-1)).toMatchObject({ error: null });
      expect(after.commands.every((c) => c.finishedAt !== null)).toBe(true);
      // One completed snapshot, and no failure logged (the restart also started the stream).
      expect(after.log.filter((entry) => entry.source === 'snapshot')).toEqual([
        { source: 'snapshot', error: null },
      ]);
      expect(after.log.filter((entry) => entry.error !== null)).toEqual([]);

      const documents = await indexDocuments(search.client, search.indexUid);
      expect(documents.map((document) => document.id).sort()).toEqual(feedIds);
      expect((await search.client.index(search.indexUid).getStats()).numberOfDocuments).toBe(ADS);
    },
  );
});
