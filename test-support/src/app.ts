import {
  ensureJobsIndex,
  openSearchEngine,
  type DatabaseKind,
  type SearchEngine,
} from '@jobbportalen/storage';
import { buildApp, loadConfig, type App, type AppDependencies, type Config } from '@jobbportalen/server';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { testSearch } from './search.js';

export interface TestApp {
  app: App;
  database: TestDatabase;
  search: SearchEngine;
  config: Readonly<Config>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webRoot?: string;
  /** Replace the run's Meilisearch (e.g. with one that is down). */
  search?: SearchEngine;
  createIndex?: boolean;
  /** The app's real logger (set LOG_LEVEL in env) writing here, instead of no logger at all. */
  logStream?: AppDependencies['logStream'];
}

/**
 * The real app on a fresh database of the given kind and the run's real Meilisearch, with an
 * index of its own. Requests go through `app.inject`.
 */
export async function buildTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const shared = testSearch('jobs');
  const database = await openTestDatabase(kind);
  const search =
    options.search ??
    (await openSearchEngine({ dataDir: '', meiliUrl: shared.url, meiliMasterKey: shared.apiKey }));
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data-dir',
    MEILI_INDEX: shared.indexUid,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    EMBEDDED_INDEXER: 'false',
    // Tests that store job pages name a directory of their own.
    JOB_PAGE_STORE_DIR: 'off',
    ...options.env,
  });
  if (options.createIndex !== false && !options.search)
    await ensureJobsIndex(search.client, config.meiliIndex);
  const app = await buildApp({
    config,
    database,
    search,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    search,
    config,
    async close() {
      await app.close();
      if (!options.search) await search.client.deleteIndexIfExists(config.meiliIndex).catch(() => undefined);
      await database.close();
    },
  };
}
