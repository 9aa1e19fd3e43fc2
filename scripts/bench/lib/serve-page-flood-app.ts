// The portal for `npm run bench:page-flood`, in a process of its own as in production: embedded
// PGlite (in memory) filled with BENCH_ADS of the simulator's ads, delivered to the Meilisearch at
// MEILI_URL by the indexer's own outbox drain, and our server serving the built web app with
// every rate limit at its default — the limits are what the bench measures. Its log goes to
// stdout at LOG_LEVEL (JSON lines), after the line `listening <url>` that says it is ready.
//   env: MEILI_URL, MEILI_MASTER_KEY, MEILI_INDEX, BENCH_ADS, LOG_LEVEL
import { generateAd } from '../../../feed-simulator/src/index.js';
import { classifyFeedRecord, drainOutbox } from '../../../indexer/src/index.js';
import { upsertJobs } from '../../../indexer/src/sync/jobs-store.js';
import type { NormalizedJob } from '../../../indexer/src/normalize/normalized-job.js';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import {
  createDatabase,
  ensureJobsIndex,
  migrateToLatest,
  openSearchEngine,
} from '../../../storage/src/index.js';
import { serveUntilSignalled } from './serve-until-signalled.js';

const SEED = 1;
const BATCH = 500;

const config = loadConfig({
  ...process.env,
  DATA_DIR: '/nonexistent-bench-data-dir',
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  EMBEDDED_INDEXER: 'false',
  PUBLIC_URL: 'http://127.0.0.1',
});
const ads = Number(process.env.BENCH_ADS ?? 3000);

// The ads are open now: the simulator's default reference time is a fixed day long past, and the
// embedded indexer's expiry sweep (a minute after the server starts) would remove every one of
// them mid-run.
const REFERENCE_TIME = Date.now();

const adOf = (index: number): NormalizedJob => {
  const record = classifyFeedRecord(generateAd(index, SEED, { referenceTime: REFERENCE_TIME }));
  if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is not an ad`);
  return record.ad;
};

const database = await createDatabase({ dataDir: '', inMemory: true });
await migrateToLatest(database.db);
const search = await openSearchEngine({
  dataDir: '',
  meiliUrl: config.meiliUrl,
  meiliMasterKey: config.meiliMasterKey,
});
await ensureJobsIndex(search.client, config.meiliIndex);
for (let from = 0; from < ads; from += BATCH) {
  await upsertJobs(
    database.db,
    Array.from({ length: Math.min(BATCH, ads - from) }, (_, i) => adOf(from + i)),
  );
}
await drainOutbox({ db: database.db, client: search.client, indexUid: config.meiliIndex });

const app = await buildApp({ config, database, search });
await serveUntilSignalled(app, { afterApp: () => database.close() });
