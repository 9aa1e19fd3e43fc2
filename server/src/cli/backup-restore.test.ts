import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { createDatabase, migrateToLatest, type Database, type DatabaseKind } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds, withDatabase } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { testSearch } from '@jobbportalen/test-support/search';
import { loadConfig } from '../config.js';
import { registerUser } from '../features/auth/auth.service.js';
import {
  confirmSubscription,
  saveAccountSearch,
  upsertVisitorSubscription,
} from '../features/alerts/saved-searches.repository.js';
import { insertSavedJob } from '../features/candidate/candidate.repository.js';
import { upsertSetting } from '../features/site-settings/site-settings.repository.js';
import { startPortal, type RunningPortal } from '../runtime.js';
import { loadPageRenderer } from '../web-pages/renderer.js';
import { pruneScheduledBackups, runBackup, scheduledBackupName } from './backup.command.js';
import { runRestore } from './restore.command.js';

// Every test opens embedded databases afresh (a new PGlite cluster takes tens of seconds on a
// busy machine) and starts whole portals.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
const createdDatabases: string[] = [];
afterAll(async () => {
  temp.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of createdDatabases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A place for a portal's data: a new data directory, and for 'postgres' a new empty database. */
async function newTarget(kind: DatabaseKind): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: tempDir('jp-backup-') };
  if (kind === 'postgres') {
    const name = `jobbportalen_backup_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    createdDatabases.push(name);
    env.DATABASE_URL = withDatabase(process.env.TEST_DATABASE_URL!, name);
  }
  return env;
}

async function withDb<T>(
  env: Record<string, string>,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const handle = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function run(
  command: typeof runBackup | typeof runRestore,
  args: string[],
  env: Record<string, string>,
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(
    args,
    env,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const search = testSearch('backup');

function portalOn(
  env: Record<string, string>,
  indexUid: string,
  embeddedIndexer: boolean,
): Promise<RunningPortal> {
  return startPortal(
    loadConfig({
      ...env,
      HOST: '127.0.0.1',
      // Any free port, chosen by the system: a random one could be a port another test's
      // connection holds (20000–40000 reaches into Linux's ephemeral range).
      PORT: '0',
      MEILI_URL: search.url,
      MEILI_MASTER_KEY: search.apiKey,
      MEILI_INDEX: indexUid,
      EMBEDDED_INDEXER: String(embeddedIndexer),
      LOG_LEVEL: 'silent',
      // Production settings a PostgreSQL portal must have (the embedded one generates its secret).
      ...(env.DATABASE_URL ? { JWT_SECRET: 'b'.repeat(40), PUBLIC_URL: 'https://jobb.example.se' } : {}),
    }),
  );
}

/** Every row of the tables a restore must give back, in a fixed order. */
async function contents(db: Kysely<Database>) {
  const [users, savedSearches, savedJobs, siteSettings, jobs, feedState] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('email').execute(),
    db.selectFrom('savedSearches').selectAll().orderBy('id').execute(),
    db.selectFrom('savedJobs').selectAll().orderBy('jobId').execute(),
    db.selectFrom('siteSettings').selectAll().orderBy('key').execute(),
    db.selectFrom('jobs').selectAll().orderBy('id').execute(),
    db.selectFrom('feedState').selectAll().execute(),
  ]);
  return { users, savedSearches, savedJobs, siteSettings, jobs, feedState };
}

async function indexedIds(indexUid: string): Promise<string[]> {
  const documents = await search.client
    .index(indexUid)
    .getDocuments({ limit: 1000, fields: ['id'] })
    .catch(() => ({ results: [] as { id: string }[] }));
  return documents.results.map((document) => String(document.id)).sort();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

describe.each(testDatabaseKinds())('backup and restore on %s', (kind) => {
  const liveIds = ['b-1', 'b-2', 'b-3'];
  const email = uniqueEmail('backup');
  let source: Record<string, string>;
  let target: Record<string, string>;
  let file: string;
  let before: Awaited<ReturnType<typeof contents>>;
  let tokenBefore: string;

  beforeAll(async () => {
    // The web app's server renderer is loaded once per process; on a busy machine its first load
    // can outlast the portal's plugin timeout (10 s), so it is loaded here first.
    await loadPageRenderer(
      fileURLToPath(new URL('../../../web/dist-server/entry-server.js', import.meta.url)),
    );
    source = await newTarget(kind);
    target = await newTarget(kind);
    file = path.join(tempDir('jp-backup-files-'), 'portal.backup.gz');
    await withDb(source, async (db) => {
      await migrateToLatest(db);
      const registered = await registerUser(db, { name: 'Berit Backup', email, password: STRONG_PASSWORD });
      if (registered.outcome !== 'created') throw new Error('no user');
      const userId = registered.user.id;
      const rows = [
        ...liveIds.map((id) => normalizedJobRow(normalizedJob(id), null)),
        normalizedJobRow(normalizedJob('b-removed'), new Date()),
      ];
      await db.insertInto('jobs').values(rows).execute();
      await insertSavedJob(db, userId, 'b-2');
      const query = { q: 'lager', region: ['Uppsala län'] };
      await saveAccountSearch(
        db,
        userId,
        { name: 'Lager i Uppsala', query, queryKey: 'q=lager', alert: 'daily' },
        10,
        false,
      );
      const visitor = await upsertVisitorSubscription(
        db,
        uniqueEmail('visitor'),
        { name: 'Lager', query: { q: 'lager' }, queryKey: 'q=lager', alert: 'weekly' },
        5,
      );
      await confirmSubscription(db, visitor!.id);
      await upsertSetting(db, 'contact_email', 'kontakt@backup.example.se');
      before = await contents(db);
    });
  });

  it('backs up while the portal runs: the running process writes the file (embedded) or the connection reads it', async () => {
    const indexUid = `${search.indexUid}_${kind}_src`;
    const portal = await portalOn(source, indexUid, false);
    try {
      const login = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      tokenBefore = login.json<{ token: string }>().token;
      const result = await run(runBackup, [file], source);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/Backup written to .*\(4 ads\)/);
      if (kind === 'pglite') {
        expect(result.out).toMatch(/by the running portal/);
        // The JWT secret the embedded default generated (Meilisearch is the test run's, not embedded).
        expect(result.out).toMatch(/, 1 secret file\(s\)/);
      }
    } finally {
      await portal.stop();
    }
    // Password hashes and secrets are inside: the file is the owner's alone.
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('restores into an empty target: the same rows, the same secrets, the account logs in, the index is rebuilt with the same live ads', async () => {
    const restored = await run(runRestore, [file], target);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/users 1, jobs 4, saved_searches 2, saved_jobs 1, site_settings 1/);
    await withDb(target, async (db) => expect(await contents(db)).toEqual(before));

    // A fresh index name: nothing in it but what the restored portal's indexer puts there.
    const indexUid = `${search.indexUid}_${kind}_dst`;
    const portal = await portalOn(target, indexUid, true);
    try {
      const login = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      if (kind === 'pglite') {
        // The JWT secret came back with the data: a session from before the backup still holds.
        const me = await portal.app.inject({ url: '/api/auth/me', headers: bearer(tokenBefore) });
        expect(me.statusCode).toBe(200);
      }
      const saved = await portal.app.inject({
        url: '/api/candidate/saved-jobs',
        headers: bearer(login.json<{ token: string }>().token),
      });
      expect(saved.body).toContain('b-2');
      await waitFor(async () => (await indexedIds(indexUid)).length === liveIds.length);
      expect(await indexedIds(indexUid)).toEqual(liveIds);
    } finally {
      await portal.stop();
      await search.client.deleteIndexIfExists(indexUid).catch(() => undefined);
    }
  });

  it('refuses to restore into a target that is not empty, with exit code 4, and changes nothing', async () => {
    const again = await run(runRestore, [file], target);
    expect(again.code).toBe(4);
    expect(again.err).toMatch(/Nothing was restored: .*(not empty|already holds)/);
  });

  it('refuses a damaged, a cut-off, a foreign and a newer-version file with exit code 3, touching nothing', async () => {
    const bytes = fs.readFileSync(file);
    const dir = tempDir('jp-bad-backups-');
    const damaged = Buffer.from(bytes);
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = damaged[middle]! ^ 0xff;
    const text = gunzipSync(bytes).toString('utf8');
    const newer = text.replace(/"migrations":\[/, () => '"migrations":["9999-from-the-future",');
    const files = {
      damaged,
      cut: bytes.subarray(0, Math.floor(bytes.length * 0.8)),
      foreign: Buffer.from('just some text\n'),
      newer: gzipSync(newer),
    };
    for (const [name, content] of Object.entries(files)) {
      const bad = path.join(dir, `${name}.backup.gz`);
      fs.writeFileSync(bad, content);
      const fresh = await newTarget(kind);
      const result = await run(runRestore, [bad], fresh);
      expect(result.code, name).toBe(3);
      expect(result.err, name).toMatch(
        name === 'newer'
          ? /newer version/
          : name === 'foreign'
            ? /not a Jobbportalen backup/
            : /damaged|incomplete|not a Jobbportalen backup/,
      );
      expect(result.err).not.toMatch(/\n\s+at /);
      expect(fs.existsSync(path.join(fresh.DATA_DIR!, 'pglite'))).toBe(false);
    }
  });
});

describe('scheduled backups (--dir, --keep)', () => {
  it('names files by time and keeps only the newest n of them', async () => {
    const env = await newTarget('pglite');
    await withDb(env, (db) => migrateToLatest(db));
    const dir = tempDir('jp-scheduled-');
    fs.writeFileSync(path.join(dir, 'keep-me.txt'), 'not a backup');
    for (const hour of [1, 2, 3]) {
      const now = new Date(Date.UTC(2026, 10, 27, hour));
      const err: string[] = [];
      const code = await runBackup(
        ['--dir', dir, '--keep', '2'],
        env,
        () => undefined,
        (line) => err.push(line),
        now,
      );
      expect(err).toEqual([]);
      expect(code).toBe(0);
    }
    expect(fs.readdirSync(dir).sort()).toEqual([
      scheduledBackupName(new Date(Date.UTC(2026, 10, 27, 2))),
      scheduledBackupName(new Date(Date.UTC(2026, 10, 27, 3))),
      'keep-me.txt',
    ]);
    expect(scheduledBackupName(new Date(Date.UTC(2026, 10, 27, 3)))).toBe(
      'jobbportalen-20261127T030000Z.backup.gz',
    );
    expect(pruneScheduledBackups(dir, 1)).toEqual(['jobbportalen-20261127T020000Z.backup.gz']);
  });

  it.each([
    [[], /give the file/],
    [['--keep', '3', 'x'], /--keep goes with --dir/],
    [['--dir', '/tmp', '--keep', '0'], /--keep must be/],
  ])('refuses %j with exit code 2', async (args, message) => {
    const result = await run(runBackup, args, { DATA_DIR: '/nonexistent' });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });

  it('says there is nothing to back up in an empty data directory, with exit code 1', async () => {
    const result = await run(runBackup, [path.join(tempDir('jp-none-'), 'x.gz')], {
      DATA_DIR: tempDir('jp-empty-'),
    });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/no embedded database/);
  });
});
