// `npm run bench:backup`: 50,000 simulator ads (seed 1) stored in PGlite (on disk) and in
// PostgreSQL (a scratch database), then `npm run backup` and `npm run restore` (their in-process
// commands) timed on each: backup time and file size, restore time into an empty target, and the
// machine's load meanwhile (the figures are only comparable at a similar load).
//   npm run bench:backup -- [--ads 50000] [--seed 1] [--databases pglite,postgres]
//     [--database-server postgres://postgres@127.0.0.1:5432/postgres]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { generateAd } from '@jobbportalen/feed-simulator';
import { classifyFeedRecord } from '@jobbportalen/indexer';
import { createDatabase, migrateToLatest, type DatabaseKind } from '@jobbportalen/storage';
import { normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { runBackup } from '../../server/src/cli/backup.command.js';
import { runRestore } from '../../server/src/cli/restore.command.js';

const { values } = parseArgs({
  options: {
    ads: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '1' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'database-server': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ads = Number(values.ads);
const seed = Number(values.seed);
const server = values['database-server'];
const scratch: string[] = [];
const databases: string[] = [];

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new data directory, and for PostgreSQL a new empty database. */
async function place(kind: DatabaseKind): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bench-backup-'));
  scratch.push(dir);
  const env: Record<string, string> = { DATA_DIR: dir };
  if (kind === 'postgres') {
    const name = `jobbportalen_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    databases.push(name);
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

/** The simulator's ads as the indexer stores them (feed record → normaliser → jobs row). */
async function seedAds(env: Record<string, string>): Promise<void> {
  const handle = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    await migrateToLatest(handle.db);
    let batch: ReturnType<typeof normalizedJobRow>[] = [];
    for (let index = 0; index < ads; index++) {
      const record = classifyFeedRecord(generateAd(index, seed));
      if (record.kind !== 'ad') continue;
      batch.push(normalizedJobRow(record.ad, null));
      if (batch.length === 250 || index === ads - 1) {
        await handle.db.insertInto('jobs').values(batch).execute();
        batch = [];
      }
    }
  } finally {
    await handle.close();
  }
}

async function timed(work: () => Promise<number>): Promise<number> {
  const started = process.hrtime.bigint();
  const code = await work();
  if (code !== 0) throw new Error(`exit code ${code}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const quiet = () => undefined;
const results: Record<string, unknown>[] = [];
try {
  for (const kind of values.databases.split(',') as DatabaseKind[]) {
    const source = await place(kind);
    const seedStarted = Date.now();
    await seedAds(source);
    console.log(`${kind}: ${ads} ads stored in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    const file = path.join(source.DATA_DIR!, '..', `${path.basename(source.DATA_DIR!)}.backup.gz`);
    scratch.push(file);
    const load = os.loadavg()[0]!;
    const backupSeconds = await timed(() => runBackup([file], source, quiet, console.error));
    const bytes = fs.statSync(file).size;
    const target = await place(kind);
    const restoreSeconds = await timed(() => runRestore([file], target, quiet, console.error));
    const result = {
      kind,
      ads,
      backupSeconds: Number(backupSeconds.toFixed(1)),
      fileMB: Number((bytes / 1e6).toFixed(1)),
      restoreSeconds: Number(restoreSeconds.toFixed(1)),
      load1m: Number(load.toFixed(1)),
    };
    console.log(
      `${kind}: backup ${result.backupSeconds} s, file ${result.fileMB} MB, restore ${result.restoreSeconds} s (load ${result.load1m})`,
    );
    results.push(result);
  }
  console.log(`RESULT ${JSON.stringify(results)}`);
} finally {
  for (const item of scratch) fs.rmSync(item, { recursive: true, force: true });
  for (const name of databases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
