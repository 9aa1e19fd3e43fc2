import {
  createDatabase,
  ensureJobsIndexOnReplicas,
  migrateToLatest,
  openSearchEngine,
  readOrCreateSecret,
  serveBackupRequests,
  type DatabaseHandle,
  type SearchEngine,
} from '@jobbportalen/storage';
import { buildApp, type App } from './app.js';
import { startBackgroundWork } from './background-work.js';
import type { Config } from './config.js';
import { ensureConfiguredAdmin } from './features/admin-access/admin-access.service.js';
import { emptyPortalHintFor } from './features/admin-import/empty-portal-hint.js';
import { mailBaseUrl } from './mail/mail-base-url.js';
import { createPortalMetrics } from './metrics/portal-metrics.js';
import { watchReplicaReads } from './search/replica-reads.js';

export interface RunningPortal {
  app: App;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens everything the portal needs in the right order (database → migrations → search engine →
 * index settings → HTTP), and closes it all again in reverse — also when a step fails halfway.
 */
export async function startPortal(baseConfig: Readonly<Config>): Promise<RunningPortal> {
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const config = Object.freeze({
      ...baseConfig,
      // The embedded default keeps a generated secret in the data dir; production must set one.
      jwtSecret: baseConfig.jwtSecret ?? readOrCreateSecret(baseConfig.dataDir, 'jwt-secret', 48),
    });
    const database: DatabaseHandle = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    cleanups.push(() => database.close());
    await migrateToLatest(database.db);
    // ADMIN_EMAIL + ADMIN_PASSWORD: create or promote that account (an existing password is kept).
    const admin = await ensureConfiguredAdmin(database.db, config);

    const search: SearchEngine = await openSearchEngine({
      dataDir: config.dataDir,
      meiliUrl: config.meiliUrl,
      meiliUrls: config.meiliUrls,
      meiliMasterKey: config.meiliMasterKey,
      meiliBin: config.meiliBin,
    });
    cleanups.push(() => search.close());
    await ensureJobsIndexOnReplicas(search.replicas, config.meiliIndex, console);
    // Searches go to the replicas that are reachable, filled and caught up.
    const replicaReads = watchReplicaReads(search, database.db, config.meiliIndex);
    cleanups.push(async () => replicaReads.stop());

    // One registry for the process: with the embedded indexer, /metrics shows its figures too.
    const metrics = createPortalMetrics(config.embeddedIndexer ? 'portal' : 'server');
    const app = await buildApp({ config, database, search, metrics });
    cleanups.push(() => app.close());
    if (admin) app.log.info({ email: config.adminEmail, ...admin }, 'admin account from ADMIN_EMAIL');
    // The embedded database is this process's alone: `npm run backup` asks it for the copy.
    if (database.kind === 'pglite') {
      const backups = await serveBackupRequests({ ...database, dataDir: config.dataDir }, app.log);
      if (backups) cleanups.push(() => backups.close());
    }
    const address = await app.listen({ port: config.port, host: config.host });
    const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    // No ads and no auto-import (the default): say how to fill the portal, or its 0 stays a mystery.
    const emptyHint = await emptyPortalHintFor(database.db, config, url);
    if (emptyHint) app.log.warn(emptyHint);
    if (config.embeddedIndexer) {
      // Started once the server listens: without PUBLIC_URL, the links in mails use its address.
      const background = startBackgroundWork({
        config,
        database,
        search,
        logger: app.log,
        mailBaseUrl: () => mailBaseUrl(app),
        metrics,
      });
      // Registered after app.close so it stops first: it must finish its writes before the database closes.
      cleanups.push(() => background.stop());
    }
    return { app, url, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
