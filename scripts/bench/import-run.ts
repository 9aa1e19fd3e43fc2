// One measured run of `npm run bench:import`, started by import-bench.ts in a process of its own so
// that each database's run has its own memory peak. Runs the indexer daemon exactly as production
// does (a queued snapshot command, the outbox drained concurrently by the daemon's outbox loop),
// then measures the stream windows it applies on its schedule from fetch to searchable
// (import-stream.ts). Prints progress, then one `RESULT {json}`.
// It runs built, as plain JS on the workspaces' dist output (import-build.ts), like the daemon.
//   --kind pglite|postgres --feed <url> [--database-server <url>] [--stream-rounds <n>]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Meilisearch } from 'meilisearch';
import {
  createFeedClient,
  feedCommandOutcome,
  outboxSize,
  queueFeedCommand,
  readFeedState,
  startIndexer,
  type RunningIndexer,
} from '@jobbportalen/indexer';
import {
  countLiveJobs,
  createDatabase,
  ensureJobsIndex,
  migrateToLatest,
  openSearchEngine,
  type DatabaseHandle,
} from '@jobbportalen/storage';
import {
  createScratchDatabase,
  findMeilisearchPid,
  mb,
  postgresBackendCpuSeconds,
  processCpuSeconds,
  processRss,
  startMemorySampler,
} from './import-support.js';
import { measureStreamWindow, STREAM_INTERVAL_MS, watchStreamWindows } from './import-stream.js';

const { values } = parseArgs({
  options: {
    kind: { type: 'string' },
    feed: { type: 'string' },
    'database-server': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'stream-rounds': { type: 'string', default: '3' },
    // PGlite: a data dir made by an earlier `--prepare` run (see import-bench.ts).
    'data-dir': { type: 'string' },
    prepare: { type: 'boolean', default: false },
  },
});
const kind = values.kind === 'postgres' ? 'postgres' : 'pglite';
const INDEX = 'jobs';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsed = (since: number) => (performance.now() - since) / 1000;

async function waitUntilSearchable(
  database: DatabaseHandle,
  search: Meilisearch,
  commandId: string,
  since: number,
) {
  const { db } = database;
  let lastReport = performance.now();
  for (;;) {
    await sleep(250);
    const command = await feedCommandOutcome(db, commandId);
    if (command.error) throw new Error(`snapshot failed: ${command.error}`);
    if (command.finishedAt && (await outboxSize(db)) === 0) {
      const documents = (await search.index(INDEX).getStats()).numberOfDocuments;
      if (documents === (await countLiveJobs(db))) return documents;
    }
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      const state = await readFeedState(db);
      const documents = (await search.index(INDEX).getStats()).numberOfDocuments;
      console.log(
        `  ${elapsed(since).toFixed(0).padStart(4)} s  read ${state.progressProcessed ?? '–'}  ` +
          `outbox ${await outboxSize(db)}  indexed ${documents}  rss ${mb(process.memoryUsage().rss)}`,
      );
    }
  }
}

if (values.prepare) {
  if (!values['data-dir']) throw new Error('--prepare needs --data-dir');
  const database = await createDatabase({ dataDir: values['data-dir'] });
  await migrateToLatest(database.db);
  await database.close();
  console.log(`RESULT ${JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024 })}`);
  process.exit(0);
}

const feedUrl = values.feed;
if (!feedUrl) throw new Error('--feed <url> is required');
const dataDir =
  values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), `jobbportalen-bench-import-${kind}-`));
const scratch = kind === 'postgres' ? await createScratchDatabase(values['database-server']) : null;
const database = await createDatabase({ dataDir, databaseUrl: scratch?.url });
const engine = await openSearchEngine({ dataDir: path.join(dataDir, 'search'), restartOnCrash: false });
let indexer: RunningIndexer | undefined;
try {
  await migrateToLatest(database.db);
  await ensureJobsIndex(engine.client, INDEX);
  const meiliPid = findMeilisearchPid(dataDir);
  const feed = createFeedClient({ baseUrl: feedUrl, apiVersion: 'v1', minRequestIntervalMs: 0 });
  // Before the import: the runtime, the loader and the open database (PGlite's is large).
  const baselineRss = process.memoryUsage().rss;
  console.log(`  before the import: rss ${mb(baselineRss)}`);
  const memory = startMemorySampler(meiliPid);
  const cpuSeconds = () => {
    const own = process.cpuUsage();
    return {
      node: (own.user + own.system) / 1e6,
      meili: meiliPid ? processCpuSeconds(meiliPid) : 0,
      postgres: scratch ? postgresBackendCpuSeconds(scratch.name) : 0,
    };
  };
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const windows = watchStreamWindows();
  indexer = startIndexer({
    database,
    search: engine.client,
    indexUid: INDEX,
    feed,
    logger: windows.logger,
    // The feed is not running during the snapshot: windows begin with the 'start' command below.
    streamIntervalMs: STREAM_INTERVAL_MS,
  });
  const command = await queueFeedCommand(database.db, 'snapshot', 'bench');
  indexer.wake();
  const ads = await waitUntilSearchable(database, engine.client, command.id, started);
  const seconds = elapsed(started);
  const importPeak = memory.stop();
  const cpuAfter = cpuSeconds();
  const cpu = {
    node: cpuAfter.node - cpuBefore.node,
    meili: cpuAfter.meili - cpuBefore.meili,
    postgres: cpuAfter.postgres - cpuBefore.postgres,
  };
  console.log(`  all ${ads} ads searchable after ${seconds.toFixed(1)} s`);

  await queueFeedCommand(database.db, 'start', 'bench');
  indexer.wake();
  const rounds = [];
  for (let round = 0; round < Number(values['stream-rounds']); round++) {
    const result = await measureStreamWindow(database.db, engine.client, INDEX, await windows.nextWindow());
    console.log(
      `  stream window: ${result.records} records (${result.written} written, ${result.removed} removed), ` +
        `applied in ${result.applied.toFixed(2)} s, searchable after ${result.searchable.toFixed(2)} s`,
    );
    rounds.push(result);
  }
  await queueFeedCommand(database.db, 'stop', 'bench');
  console.log(
    `RESULT ${JSON.stringify({
      kind,
      ads,
      seconds,
      adsPerSecond: ads / seconds,
      baselineRss,
      peakRss: importPeak.node,
      peakHeap: importPeak.heap,
      maxRss: process.resourceUsage().maxRSS * 1024,
      meiliPeakRss: importPeak.meili,
      meiliRssNow: meiliPid ? processRss(meiliPid) : 0,
      cpu,
      stream: rounds,
    })}`,
  );
} finally {
  await indexer?.stop();
  await engine.close();
  await database.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
