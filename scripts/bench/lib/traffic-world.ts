// What `npm run bench:traffic`, `bench:failover` and bench:web's render load run against: the
// source of truth — a scratch PostgreSQL database, or the embedded default's PGlite in a data dir
// of its own — N Meilisearch replicas fed from it by the indexer's own outbox drain, the
// simulator's ads, a feed that keeps changing them (PostgreSQL only), and our server in a process
// of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAd } from '../../../feed-simulator/src/index.js';
import { scriptHeapSwitches } from '../import-build.js';
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

// The ads are open now: the simulator's default reference time is a fixed day long past, and the
// embedded indexer's expiry sweep (a minute after the server starts) would remove every one of
// them mid-run.
const REFERENCE_TIME = Date.now();

const adOf = (index: number): NormalizedJob => {
  const record = classifyFeedRecord(generateAd(index, SEED, { referenceTime: REFERENCE_TIME }));
  if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is not an ad`);
  return record.ad;
};

/**
 * Where the world keeps its ads: a scratch database made on the PostgreSQL server at `url`, or
 * PGlite in the world's temporary directory — the embedded default of `npm start`.
 */
export type WorldDatabase = { kind: 'pglite' } | { kind: 'postgres'; url: string };

export interface TrafficWorld {
  readonly databaseKind: WorldDatabase['kind'];
  replicas: BenchReplica[];
  searchReplicas: SearchReplica[];
  apiKey: string;
  /** Delivers what the outbox holds to every replica that answers (the indexer's drain). */
  drain(): Promise<void>;
  /**
   * The feed: every `intervalMs`, `perRound` ads change (a fifth are new ones), then a drain.
   * PostgreSQL only: PGlite's data dir belongs to the server once it runs.
   */
  startFeed(intervalMs: number, perRound: number): { stop(): Promise<void>; rounds(): number };
  startServer(env?: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }>;
  /**
   * The live ads and their vacancies (what each change writes), by id: read from PostgreSQL when
   * asked; on PGlite, as they were when the world was filled (nothing changes them since).
   */
  liveAds(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/** The world's database, open in this process until the server takes it over (PGlite). */
interface WorldStore {
  handle: DatabaseHandle;
  label: string;
  /** What the server's process is told to use: DATABASE_URL, or DATA_DIR without one. */
  serverEnv: Record<string, string>;
  /** PGlite: close this process's handle, so the server can open the data dir (held by one). */
  release(): Promise<void>;
  /** Closes what is still open and removes the database (the scratch one; PGlite's with root). */
  drop(): Promise<void>;
}

async function openStore(database: WorldDatabase, root: string): Promise<WorldStore> {
  if (database.kind === 'postgres') {
    const scratch = await createScratchDatabase(database.url);
    const handle = await createDatabase({ dataDir: '', databaseUrl: scratch.url });
    return {
      handle,
      label: 'PostgreSQL',
      // The production setup of serve-replicas-app.ts: an indexer of its own beside the server.
      serverEnv: { DATABASE_URL: scratch.url },
      release: async () => undefined,
      async drop() {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = path.join(root, 'pglite-data');
  const handle = await createDatabase({ dataDir });
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    await handle.close();
  };
  return {
    handle,
    label: 'PGlite',
    // `npm start` on the embedded default: no DATABASE_URL, the data dir holds PGlite.
    serverEnv: { DATABASE_URL: '', DATA_DIR: dataDir },
    release,
    drop: release,
  };
}

export async function startTrafficWorld(options: {
  ads: number;
  replicas: number;
  /** Where the ads live; without it, a scratch database on the server `postgres` if set, else PGlite. */
  database?: WorldDatabase;
  postgres?: string;
  log: (line: string) => void;
}): Promise<TrafficWorld> {
  const where: WorldDatabase =
    options.database ??
    (options.postgres !== undefined ? { kind: 'postgres', url: options.postgres } : { kind: 'pglite' });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-bench-traffic-'));
  let store: WorldStore | undefined;
  const children: ChildProcess[] = [];
  let replicas: BenchReplica[] = [];
  const close = async () => {
    for (const child of children) await stopChild(child);
    for (const replica of replicas) await replica.stop().catch(() => undefined);
    await store?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    store = await openStore(where, root);
    const { handle: database, label } = store;
    await migrateToLatest(database.db);
    replicas = await startReplicas(options.replicas, root);
    const engines = searchReplicas(
      replicas.map((replica) => replica.url),
      API_KEY,
    );
    await ensureJobsIndexOnReplicas(engines, INDEX);
    let serverStarted = false;
    const drain = async () => {
      if (where.kind === 'pglite' && serverStarted)
        throw new Error(
          'No drain once the server runs on PGlite: its process holds the data dir (and drains itself).',
        );
      await drainOutbox({ db: database.db, replicas: engines, indexUid: INDEX });
    };

    const started = Date.now();
    for (let from = 0; from < options.ads; from += 500) {
      const batch = Array.from({ length: Math.min(500, options.ads - from) }, (_, i) => adOf(from + i));
      await upsertJobs(database.db, batch);
    }
    options.log(`${options.ads} ads in ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // New replicas are filled from Postgres (build and swap), then drained like any other.
    await drain();
    await drain();
    options.log(`${replicas.length} replica(s) filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // On PGlite nothing writes after the fill, so what is live now stays live: read while open.
    const filled = where.kind === 'pglite' ? await readLiveAds(database) : undefined;
    const world = store;

    let nextNew = options.ads;
    let version = 0;
    const random = seededRandom(3);
    return {
      databaseKind: where.kind,
      replicas,
      searchReplicas: engines,
      apiKey: API_KEY,
      drain,
      startFeed(intervalMs, perRound) {
        if (where.kind === 'pglite')
          throw new Error(
            "The feed needs the database after the server started: PGlite's data dir is held by the server's process (PostgreSQL only).",
          );
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
        if (where.kind === 'pglite' && serverStarted)
          throw new Error('One server at a time on PGlite: its data dir is held by one process.');
        serverStarted = true;
        await world.release();
        // tsx as the process's own loader (not its CLI, which runs the app in a second process):
        // then Node's switches below apply to the server itself.
        const tsx = import.meta.resolve('tsx');
        const child = spawn(
          process.execPath,
          [
            // The heap switches `npm start` runs the server with (package.json).
            ...scriptHeapSwitches('start'),
            // BENCH_SERVER_NODE_ARGS: Node's own switches for the server (e.g. --cpu-prof
            // --cpu-prof-dir=/tmp/prof to profile it), which NODE_OPTIONS does not accept.
            ...(process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
            '--import',
            tsx,
            path.join(here, 'serve-replicas-app.ts'),
          ],
          {
            env: {
              ...process.env,
              ...world.serverEnv,
              MEILI_URL: '',
              MEILI_URLS: replicas.map((replica) => replica.url).join(','),
              MEILI_MASTER_KEY: API_KEY,
              MEILI_INDEX: INDEX,
              TSX_TSCONFIG_PATH: path.join(here, '../tsconfig.json'),
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
      liveAds: async () => (filled ? new Map(filled) : readLiveAds(database)),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function readLiveAds(database: DatabaseHandle): Promise<Map<string, number>> {
  const ads = new Map<string, number>();
  let after = '';
  for (;;) {
    const rows = await liveJobsPage(database.db, after, 10_000, ['id', 'vacancies']);
    if (rows.length === 0) return ads;
    for (const row of rows) ads.set(row.id, row.vacancies);
    after = rows[rows.length - 1]!.id;
  }
}
