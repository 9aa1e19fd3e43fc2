// The portal's HTTP app in its own process for `npm run bench:traffic` and `bench:failover`, set
// up as in production: PostgreSQL (DATABASE_URL) shared with the indexer, every Meilisearch of
// MEILI_URLS, reads routed to the replicas that are caught up, the question cache as configured.
// Prints `listening <url>` when ready.
//   env: DATABASE_URL, MEILI_URLS, MEILI_MASTER_KEY, MEILI_INDEX (SEARCH_CACHE_MS: 0 turns it off)
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { watchReplicaReads } from '../../../server/src/search/replica-reads.js';
import { createDatabase, openSearchEngine } from '../../../storage/src/index.js';
import { serveUntilSignalled } from './serve-until-signalled.js';

const config = loadConfig({
  ...process.env,
  DATA_DIR: '/nonexistent-bench-data-dir',
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
// One load generator on one address would hit the per-IP limits (searches, pages) within a second.
const benchConfig = {
  ...config,
  rateLimits: { ...config.rateLimits, searchPerIp: 1e9, pageViewsPerIp: 1e9 },
};
const app = await buildApp({ config: benchConfig, database, search, logger: false });
await serveUntilSignalled(app, { beforeApp: () => reads.stop(), afterApp: () => database.close() });
