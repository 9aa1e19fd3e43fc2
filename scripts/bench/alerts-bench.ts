// `npm run bench:alerts`: one alert run over 100,000 saved searches (about 5,000 distinct queries,
// Zipf-distributed) against 50,000 ads of which 2,000 are new, on PostgreSQL (a scratch database)
// and a fresh embedded Meilisearch; then every mail the run queued is delivered to a local SMTP
// server. Prints the run's seconds and peak RSS, the mails it queued and the mails per second the
// sender handed to SMTP.
// The measured processes are built JS with the indexer daemon's heap cap (the daemon runs alerts
// and sends mail), as in bench:import; this orchestrating process only prepares the data.
//   npm run bench:alerts -- [--subscriptions 100000] [--queries 5000] [--ads 50000] [--new 2000]
//     [--database-server postgres://postgres@127.0.0.1:5432/postgres] [--seed 1]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serializeJobQuery } from '@jobbportalen/contracts';
import { createDatabase, ensureJobsIndex, migrateToLatest, readOrCreateSecret } from '@jobbportalen/storage';
import { distinctQueries, seedAds } from './alerts-corpus.js';
import { seededRandom, zipfSampler } from './lib/random-draws.js';
import { buildBenchRunner, scriptHeapCapMb } from './import-build.js';
import { createScratchDatabase, mb, stopChild } from './import-support.js';
import { startTemporarySearchEngine } from './lib/search-engine.js';

const TARGET_RUN_SECONDS = 120;
const TARGET_RSS = 400 * 1024 * 1024;
const TARGET_MAILS_PER_SECOND = 200;
const INDEX = 'jobs';
const DAY = 86_400_000;

const { values } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '5000' },
    ads: { type: 'string', default: '50000' },
    new: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    'database-server': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const subscriptionCount = Number(values.subscriptions);
const seed = Number(values.seed);

/** Runs the built runner in its own process with `env` added; resolves to its RESULT. */
function runMeasured<T>(runner: string, mode: string, env: Record<string, string>): Promise<T> {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${scriptHeapCapMb('indexer')}`, runner, mode],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let result: T | undefined;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of output.split('\n'))
      if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as T;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 && result
        ? resolve(result)
        : reject(new Error(`alerts-run ${mode} exited ${code}: ${output}`)),
    ),
  );
}

/** The local SMTP server (scripts/bench/smtp-sink.ts) in a process of its own. */
async function startSmtpSink() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./smtp-sink.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`smtp-sink exited ${code}: ${output}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    async stop(): Promise<number> {
      await stopChild(child);
      return Number(/received (\d+)/.exec(output)?.[1] ?? 0);
    },
  };
}

async function main() {
  const runner = buildBenchRunner('alerts-run');
  const scratch = await createScratchDatabase(values['database-server']);
  // Its own directory, so the runner can be given the key Meilisearch was started with.
  const meiliDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-bench-alerts-'));
  const engine = await startTemporarySearchEngine(meiliDir);
  const sink = await startSmtpSink();
  const database = await createDatabase({ databaseUrl: scratch.url, dataDir: '/nonexistent' });
  try {
    await migrateToLatest(database.db);
    await ensureJobsIndex(engine.client, INDEX);
    const now = Date.now();
    let started = performance.now();
    const corpus = await seedAds(database.db, engine.client, INDEX, {
      count: Number(values.ads),
      fresh: Number(values.new),
      seed,
      now,
    });
    console.log(
      `${values.ads} ads stored and indexed (${values.new} new) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    started = performance.now();
    const queries = distinctQueries(corpus, Number(values.queries), seed);
    const random = seededRandom(seed + 2);
    const rank = zipfSampler(queries.length, 1.0, random);
    // A fifth are accounts (verified addresses), the rest visitors subscribed by address alone.
    const accounts = Math.floor(subscriptionCount / 5);
    const frequencies = ['daily', 'daily', 'daily', 'weekly', 'weekly', 'instant'] as const;
    for (let from = 0; from < subscriptionCount; from += 2000) {
      const size = Math.min(2000, subscriptionCount - from);
      const userIds = new Map<number, string>();
      const newUsers = [];
      for (let i = from; i < from + size && i < accounts; i++)
        newUsers.push({
          name: `Bänk ${i}`,
          email: `konto-${i}@bench.example.se`,
          passwordHash: 'x',
          emailVerifiedAt: new Date(now - 60 * DAY),
        });
      if (newUsers.length > 0) {
        const rows = await database.db
          .insertInto('users')
          .values(newUsers)
          .returning(['id', 'email'])
          .execute();
        for (const row of rows) userIds.set(Number(/konto-(\d+)@/.exec(row.email)![1]), row.id);
      }
      const rows = [];
      for (let i = from; i < from + size; i++) {
        const query = queries[rank()]!;
        const key = serializeJobQuery(query);
        const params: Record<string, string | boolean> = Object.fromEntries(new URLSearchParams(key));
        if (params.titleOnly !== undefined) params.titleOnly = true;
        rows.push({
          userId: userIds.get(i) ?? null,
          email: userIds.has(i) ? null : `besokare-${i}@bench.example.se`,
          name: key || 'Alla jobb',
          query: JSON.stringify(params),
          queryKey: key,
          alert: frequencies[i % frequencies.length]!,
          confirmedAt: new Date(now - 30 * DAY),
          checkedUntil: new Date(now - DAY),
        });
      }
      // A visitor may save one query once: the Zipf draw repeats queries, addresses never.
      await database.db.insertInto('savedSearches').values(rows).execute();
    }
    console.log(
      `${subscriptionCount} saved searches over ${queries.length} distinct queries in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const meiliEnv = {
      BENCH_DATABASE_URL: scratch.url,
      BENCH_MEILI_URL: engine.url,
      BENCH_MEILI_KEY: readOrCreateSecret(meiliDir, 'meili-master-key'),
      BENCH_MEILI_INDEX: INDEX,
    };
    const run = await runMeasured<{ subscriptions: number; mails: number; seconds: number; peakRss: number }>(
      runner,
      'run',
      meiliEnv,
    );
    const sent = await runMeasured<{
      sent: number;
      failed: number;
      retried: number;
      seconds: number;
      peakRss: number;
    }>(runner, 'send', { BENCH_DATABASE_URL: scratch.url, SMTP_URL: sink.url });
    const received = await sink.stop();
    const mailsPerSecond = sent.sent / sent.seconds;
    console.log(
      `\nbench:alerts — ${subscriptionCount} subscriptions, ${queries.length} distinct queries, ${values.ads} ads, ${values.new} new`,
    );
    console.log(
      `  alert run:  ${run.seconds.toFixed(1)} s (target ≤ ${TARGET_RUN_SECONDS} s), peak RSS ${mb(run.peakRss)} (target ≤ ${mb(TARGET_RSS)}), ` +
        `${run.subscriptions} subscriptions, ${run.mails} mails queued`,
    );
    console.log(
      `  delivery:   ${sent.sent} mails to a local SMTP server in ${sent.seconds.toFixed(1)} s = ${mailsPerSecond.toFixed(0)} mails/s ` +
        `(target ≥ ${TARGET_MAILS_PER_SECOND}), peak RSS ${mb(sent.peakRss)}, ${sent.failed} failed, server received ${received}`,
    );
    const verdict = [
      run.seconds <= TARGET_RUN_SECONDS ? 'run time ok' : 'RUN TOO SLOW',
      run.peakRss <= TARGET_RSS ? 'run memory ok' : 'RUN OVER MEMORY',
      mailsPerSecond >= TARGET_MAILS_PER_SECOND ? 'delivery rate ok' : 'DELIVERY TOO SLOW',
    ];
    console.log(`  ${verdict.join(' · ')}`);
  } finally {
    await database.close();
    await engine.close();
    fs.rmSync(meiliDir, { recursive: true, force: true });
    await sink.stop().catch(() => 0);
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
