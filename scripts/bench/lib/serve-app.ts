// Runs the portal's HTTP app in its own process for `npm run bench:search`, so the load generator
// does not share an event loop with the server it measures. Prints `listening <url>` when ready.
//   env: MEILI_URL, MEILI_MASTER_KEY, MEILI_INDEX
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import {
  createDatabase,
  migrateToLatest,
  openSearchEngine,
  registerReplicas,
  replicaId,
} from '../../../storage/src/index.js';
import { serveUntilSignalled } from './serve-until-signalled.js';

const config = loadConfig({
  ...process.env,
  DATA_DIR: '/nonexistent-bench-data-dir',
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'warn',
  EMBEDDED_INDEXER: 'false',
});
const database = await createDatabase({ dataDir: '', inMemory: true });
await migrateToLatest(database.db);
const search = await openSearchEngine({
  dataDir: '',
  meiliUrl: config.meiliUrl,
  meiliMasterKey: config.meiliMasterKey,
});
// The bench fills the index itself, as the indexer would have: record that delivery (the one
// replica live), or the question cache — which keys answers by the replicas' confirmed positions —
// would see no replica serving and cache nothing, unlike a real portal.
await registerReplicas(database.db, config.meiliIndex, [replicaId(search.url)], 'live');
// One load generator on one address would hit the per-IP limit within a second.
const rateLimits = { ...(config as { rateLimits?: object }).rateLimits, searchPerIp: 1e9 };
const benchConfig = { ...config, rateLimits } as unknown as typeof config;
const app = await buildApp({ config: benchConfig, database, search, logger: false });
await serveUntilSignalled(app, { afterApp: () => database.close() });
