// The portal's HTTP app in its own process for `npm run bench:traffic`, `bench:failover` and
// bench:web's render load, over every Meilisearch of MEILI_URLS (reads routed to the replicas that
// are caught up, the question cache as configured), set up one of two ways:
//   - DATABASE_URL set: as in production, PostgreSQL shared with an indexer of its own (the
//     bench's), so this process runs the HTTP app only;
//   - DATABASE_URL empty, DATA_DIR set: as `npm start` runs the embedded default (startPortal):
//     PGlite in DATA_DIR, opened by this process alone, and the indexer in-process beside the
//     server (its outbox drain and expiry; the feed stays stopped, and FEED_URL points nowhere
//     real). The replicas are the bench's, already filled: no Meilisearch of its own.
// Per-IP limits are lifted either way: one load generator on one address would hit the search and
// page-view limits within a second. Prints `listening <url>` when ready.
//   env: DATABASE_URL or DATA_DIR, MEILI_URLS, MEILI_MASTER_KEY, MEILI_INDEX (SEARCH_CACHE_MS: 0
//   turns the cache off)
import { buildApp } from '../../../server/src/app.js';
import { loadConfig, type Config } from '../../../server/src/config.js';
import { startPortal } from '../../../server/src/runtime.js';
import { watchReplicaReads } from '../../../server/src/search/replica-reads.js';
import { createDatabase, openSearchEngine } from '../../../storage/src/index.js';
import { serveUntilSignalled } from './serve-until-signalled.js';

const withoutIpLimits = (config: Readonly<Config>): Readonly<Config> => ({
  ...config,
  rateLimits: { ...config.rateLimits, searchPerIp: 1e9, pageViewsPerIp: 1e9 },
});

/** Production's split: this process serves, the bench's process indexes into PostgreSQL. */
async function servePostgres() {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: '/nonexistent-bench-data-dir',
    // Job pages are stored only where the bench names a directory (bench:web's render load).
    JOB_PAGE_STORE_DIR: process.env.JOB_PAGE_STORE_DIR || 'off',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'warn',
    EMBEDDED_INDEXER: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const database = await createDatabase({ dataDir: '', databaseUrl: config.databaseUrl });
  const search = await openSearchEngine({
    dataDir: '',
    meiliUrls: config.meiliUrls,
    meiliMasterKey: config.meiliMasterKey,
  });
  const reads = watchReplicaReads(search, database.db, config.meiliIndex);
  const app = await buildApp({ config: withoutIpLimits(config), database, search, logger: false });
  await serveUntilSignalled(app, { beforeApp: () => reads.stop(), afterApp: () => database.close() });
}

/** The embedded default: `npm start`'s own startPortal, on a free loopback port. */
async function servePglite() {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The indexer runs in-process as `npm start`'s does; its feed is never started here, and were
    // it started it must not reach the real JobStream.
    EMBEDDED_INDEXER: 'true',
    FEED_URL: 'http://127.0.0.1:9',
  });
  const portal = await startPortal(withoutIpLimits(config));
  console.log(`listening ${portal.url}`);
  const stop = async () => {
    await portal.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

await (process.env.DATABASE_URL ? servePostgres() : servePglite());
