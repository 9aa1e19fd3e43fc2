import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  ensureJobsIndex,
  migrateToLatest,
  type Database,
  type SearchEngine,
} from '@jobbportalen/storage';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createSignedTokens } from '../../http/signed-tokens.js';
import { createMailLinks } from '../../mail/mail-links.js';
import { startMailSender } from '../../mail/mail-sender.js';
import { createTestSmtpServer } from '../../mail/smtp-test-server.test-helper.js';
import { jobsFacetValues } from '../../search/facet-values-cache.js';
import { runAlerts } from './alert-run.js';
import { arrive, freshAd, mailsTo, PUBLIC_URL, quietLogger, type AlertsWorld } from './alerts.test-helper.js';
import type {
  AlertRunProcessConfig,
  AlertRunProcessReport,
} from './fixtures/alert-run-process.test-helper.js';
import { storedQueryOf } from './stored-query.js';
import { NO_PROFILES } from './profile-search.js';

const fixture = fileURLToPath(new URL('./fixtures/alert-run-process.test-helper.ts', import.meta.url));
const childTsconfig = fileURLToPath(new URL('./fixtures/tsconfig.child.json', import.meta.url));
const SUBSCRIPTIONS = 240;
const WORDS = ['lärare', 'kock', 'snickare', 'barista', 'elektriker', 'bagare', 'florist', 'murare'];
const SECRET = 'killed-run-secret-that-is-long-enough-0123';
const DAY = 86_400_000;

/** The run in a child process, with its reports as they arrive. */
function startRunProcess(config: AlertRunProcessConfig) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TSX_TSCONFIG_PATH: childTsconfig },
  });
  const reports: AlertRunProcessReport[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (line.startsWith('{')) reports.push(JSON.parse(line) as AlertRunProcessReport);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  async function waitFor(check: (report: AlertRunProcessReport) => boolean, what: string) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const report = reports.find(check);
      if (report) return report;
      if (gone) throw new Error(`the run process exited before ${what}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return { child, exited, waitFor };
}

/** Visitors' confirmed daily subscriptions over a few queries, last checked two days ago. */
async function seedSubscriptions(db: Kysely<Database>, now: number) {
  const rows = Array.from({ length: SUBSCRIPTIONS }, (_, i) => {
    const stored = storedQueryOf({ search: WORDS[i % WORDS.length]! });
    return {
      email: `kill-${i}@example.se`,
      name: stored.key,
      query: JSON.stringify(stored.params),
      queryKey: stored.key,
      alert: 'daily' as const,
      confirmedAt: new Date(now - 3 * DAY),
      createdAt: new Date(now - 3 * DAY),
      checkedUntil: new Date(now - 2 * DAY),
    };
  });
  await db.insertInto('savedSearches').values(rows).execute();
}

describe.each(testDatabaseKinds())('an alert run killed between batches, on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('sends every due subscription exactly one mail after a restart', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-alerts-killed-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let postgres: TestDatabase | undefined;
    if (kind === 'postgres') {
      postgres = await openTestDatabase('postgres');
      cleanups.push(() => postgres!.close());
    }
    const search = testSearch('alertskill');
    await ensureJobsIndex(search.client, search.indexUid);
    cleanups.push(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));
    /** The database the child leaves: PGlite only while no child holds it. */
    const withDatabase = async <T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
      if (postgres) return use(postgres.db);
      const handle = await createDatabase({ dataDir });
      try {
        await migrateToLatest(handle.db);
        return await use(handle.db);
      } finally {
        await handle.close();
      }
    };

    // Two ads per query, first seen now: every subscription has news.
    await withDatabase(async (db) => {
      await seedSubscriptions(db, Date.now());
      const store = {
        database: { db },
        search: { client: search.client },
        config: { meiliIndex: search.indexUid },
      };
      await arrive(
        store,
        WORDS.flatMap((word, w) => [0, 1].map((n) => freshAd(`kill-${w}-${n}`, { title: `Söker ${word}` }))),
      );
    });
    const now = Date.now() + 1000;
    const config: AlertRunProcessConfig = {
      dataDir,
      ...(postgres?.url ? { databaseUrl: postgres.url } : {}),
      meiliUrl: search.url,
      meiliKey: search.apiKey,
      indexUid: search.indexUid,
      publicUrl: PUBLIC_URL,
      secret: SECRET,
      now,
      dailyAt: '00:00',
      batchSize: 20,
      pauseMs: 400,
    };

    const first = startRunProcess(config);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    await first.waitFor((report) => report.subscriptions >= 20, 'the first batch is committed');
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const left = await withDatabase(async (db) => ({
      recorded: (await db.selectFrom('alertMails').select('savedSearchId').execute()).length,
      queued: (await db.selectFrom('mailOutbox').select('id').where('kind', '=', 'alert').execute()).length,
    }));
    // Killed part-way: some batches done (each whole: its mails with its sent set), the rest not.
    expect(left.recorded).toBeGreaterThanOrEqual(20);
    expect(left.recorded).toBeLessThan(SUBSCRIPTIONS);
    expect(left.queued).toBe(left.recorded);

    // The restart: the same scheduled run takes only what is still due.
    const second = startRunProcess({ ...config, pauseMs: 0 });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    const done = await second.waitFor((report) => report.done, 'the second run is done');
    expect((await second.exited).code).toBe(0);
    expect(done.subscriptions).toBe(SUBSCRIPTIONS - left.recorded);
    expect(done.mails).toBe(SUBSCRIPTIONS - left.recorded);

    const smtp = await createTestSmtpServer();
    await smtp.listen();
    cleanups.push(() => smtp.close());
    await withDatabase(async (db) => {
      const perSubscription = await sql<{ mails: string }>`
        select count(a.period) as mails from saved_searches s
        left join alert_mails a on a.saved_search_id = s.id group by s.id`.execute(db);
      expect(perSubscription.rows.map((row) => Number(row.mails))).toEqual(Array(SUBSCRIPTIONS).fill(1));

      // A third run finds nothing due; an admin's run finds nothing new.
      const engine = { client: search.client } as SearchEngine;
      const deps = {
        database: { db },
        search: engine,
        indexUid: search.indexUid,
        facetValues: jobsFacetValues(engine, search.indexUid),
        links: createMailLinks(PUBLIC_URL, createSignedTokens(SECRET)),
        profiles: NO_PROFILES,
        now: () => new Date(now),
      };
      expect(await runAlerts(deps, { kind: 'scheduled', dailyAt: '00:00' })).toEqual({
        subscriptions: 0,
        mails: 0,
      });
      expect(await runAlerts({ ...deps, now: () => new Date() }, { kind: 'admin' })).toEqual({
        subscriptions: SUBSCRIPTIONS,
        mails: 0,
      });

      const sender = startMailSender({
        db,
        config: {
          siteName: 'Jobbportalen',
          mail: { smtpUrl: smtp.url, from: 'Jobbportalen <no-reply@jobbportalen.test>', maxPerHour: 20_000 },
        },
        dataDir,
        logger: quietLogger,
        pollMs: 100,
      });
      try {
        await smtp.waitFor(SUBSCRIPTIONS, 60_000);
        await sender.idle();
      } finally {
        await sender.stop();
      }
    });
    const world = { smtp } as AlertsWorld;
    expect(smtp.received).toHaveLength(SUBSCRIPTIONS);
    for (let i = 0; i < SUBSCRIPTIONS; i++) expect(mailsTo(world, `kill-${i}@example.se`)).toHaveLength(1);
  });
});
