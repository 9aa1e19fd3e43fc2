// What `npm run bench:traffic` and `bench:failover` run against: a scratch PostgreSQL database as
// the source of truth, N Meilisearch replicas fed from it by the indexer's own outbox drain, the
// simulator's ads, a feed that keeps changing them, and our server in a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAd } from '../../../feed-simulator/src/index.js';
import { classifyFeedRecord, drainOutbox } from '../../../indexer/src/index.js';
import { upsertJobs } from '../../../indexer/src/sync/jobs-store.js';
import type { NormalizedJob } from '../../../indexer/src/normalize/normalized-job.js';
import {
  createDatabase,
  ensureJobsIndexOnReplicas,
  liveJobsPage,
  migrateToLatest,
  resolveMeilisearchBinary,
  searchReplicas,
  startMeiliProcess,
  type DatabaseHandle,
  type MeiliProcess,
  type SearchReplica,
} from '../../../storage/src/index.js';
import { createScratchDatabase, stopChild } from '../import-support.js';
import { seededRandom } from './random-draws.js';
import { INDEX } from './traffic-questions.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEED = 1;
const API_KEY = 'bench-traffic-master-key-0123456789';

/** A Meilisearch that can be killed (SIGKILL) and started again on its port and data dir. */
export interface BenchReplica {
  readonly url: string;
  kill(): void;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function startReplicas(count: number, root: string): Promise<BenchReplica[]> {
  const binary = resolveMeilisearchBinary({ meiliBin: process.env.MEILI_BIN, dataDir: root });
  const replicas: BenchReplica[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = path.join(root, `replica-${i}`);
    let running: MeiliProcess = await startMeiliProcess({ binary: binary.path, dataDir, masterKey: API_KEY });
    const port = Number(new URL(running.url).port);
    replicas.push({
      url: running.url,
      // The process group: Meilisearch and the small shell that watches over it, no goodbye.
      kill: () => process.kill(-running.pid, 'SIGKILL'),
      async restart() {
        running = await startMeiliProcess({ binary: binary.path, dataDir, masterKey: API_KEY, port });
      },
      stop: () => running.stop(),
    });
  }
  return replicas;
}

const adOf = (index: number): NormalizedJob => {
  const record = classifyFeedRecord(generateAd(index, SEED));
  if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is not an ad`);
  return record.ad;
};

export interface TrafficWorld {
  database: DatabaseHandle;
  replicas: BenchReplica[];
  searchReplicas: SearchReplica[];
  apiKey: string;
  /** Delivers what the outbox holds to every replica that answers (the indexer's drain). */
  drain(): Promise<void>;
  /** The feed: every `intervalMs`, `perRound` ads change (a fifth are new ones), then a drain. */
  startFeed(intervalMs: number, perRound: number): { stop(): Promise<void>; rounds(): number };
  startServer(env?: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }>;
  /** Postgres's live ads and their vacancies (what each change writes), by id. */
  liveAds(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export async function startTrafficWorld(options: {
  ads: number;
  replicas: number;
  postgres: string;
  log: (line: string) => void;
}): Promise<TrafficWorld> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-bench-traffic-'));
  const scratch = await createScratchDatabase(options.postgres);
  const database = await createDatabase({ dataDir: '', databaseUrl: scratch.url });
  const children: ChildProcess[] = [];
  let replicas: BenchReplica[] = [];
  const close = async () => {
    for (const child of children) await stopChild(child);
    for (const replica of replicas) await replica.stop().catch(() => undefined);
    await database.close();
    await scratch.drop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database.db);
    replicas = await startReplicas(options.replicas, root);
    const engines = searchReplicas(
      replicas.map((replica) => replica.url),
      API_KEY,
    );
    await ensureJobsIndexOnReplicas(engines, INDEX);
    const drain = async () => {
      await drainOutbox({ db: database.db, replicas: engines, indexUid: INDEX });
    };

    const started = Date.now();
    for (let from = 0; from < options.ads; from += 500) {
      const batch = Array.from({ length: Math.min(500, options.ads - from) }, (_, i) => adOf(from + i));
      await upsertJobs(database.db, batch);
    }
    options.log(`${options.ads} ads in PostgreSQL in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // New replicas are filled from Postgres (build and swap), then drained like any other.
    await drain();
    await drain();
    options.log(`${replicas.length} replica(s) filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    let nextNew = options.ads;
    let version = 0;
    const random = seededRandom(3);
    return {
      database,
      replicas,
      searchReplicas: engines,
      apiKey: API_KEY,
      drain,
      startFeed(intervalMs, perRound) {
        let stopped = false;
        let rounds = 0;
        const loop = (async () => {
          while (!stopped) {
            const tick = Date.now();
            version++;
            const changed = Array.from({ length: perRound }, (_, i) => {
              if (i % 5 === 0) return adOf(nextNew++);
              const ad = adOf(Math.floor(random() * options.ads));
              return { ...ad, vacancies: (version % 9) + 1, sourceUpdatedAt: new Date() };
            });
            try {
              await upsertJobs(database.db, changed);
              // A replica that is down fails its part; the others are delivered regardless.
              await drain().catch(() => undefined);
            } catch (error) {
              options.log(`feed round failed: ${(error as Error).message}`);
            }
            rounds++;
            await new Promise((resolve) =>
              setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - tick))),
            );
          }
        })();
        return {
          rounds: () => rounds,
          async stop() {
            stopped = true;
            await loop;
          },
        };
      },
      async startServer(env = {}) {
        const tsx = createRequire(import.meta.url).resolve('tsx/cli');
        const child = spawn(
          process.execPath,
          [tsx, '--tsconfig', path.join(here, '../tsconfig.json'), path.join(here, 'serve-replicas-app.ts')],
          {
            env: {
              ...process.env,
              DATABASE_URL: scratch.url,
              MEILI_URL: '',
              MEILI_URLS: replicas.map((replica) => replica.url).join(','),
              MEILI_MASTER_KEY: API_KEY,
              MEILI_INDEX: INDEX,
              ...env,
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        children.push(child);
        const url = await new Promise<string>((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
          child.stdout!.on('data', (chunk: Buffer) => {
            const match = /listening (\S+)/.exec(chunk.toString());
            if (match) resolve(match[1]!);
          });
        });
        return { url, stop: () => stopChild(child) };
      },
      async liveAds() {
        const ads = new Map<string, number>();
        let after = '';
        for (;;) {
          const rows = await liveJobsPage(database.db, after, 10_000, ['id', 'vacancies']);
          if (rows.length === 0) return ads;
          for (const row of rows) ads.set(row.id, row.vacancies);
          after = rows[rows.length - 1]!.id;
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
