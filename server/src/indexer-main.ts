// `npm run indexer`: the feed indexer as its own process (production runs it as a service of its
// own beside any number of servers). Only one indexer streams at a time; others stand by.
import {
  createDatabase,
  DataDirLockedError,
  ensureJobsIndexOnReplicas,
  migrateToLatest,
  openSearchEngine,
  readOrCreateSecret,
} from '@jobbportalen/storage';
import pino from 'pino';
import { startBackgroundWork } from './background-work.js';
import { ConfigError, loadConfig } from './config.js';
import { loggerOptions } from './http/logger-options.js';
import { mailBaseUrl } from './mail/mail-base-url.js';
import { startMetricsListener } from './metrics/metrics-listener.js';
import { createPortalMetrics } from './metrics/portal-metrics.js';

async function main() {
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel));
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const search = await openSearchEngine({
    dataDir: config.dataDir,
    meiliUrl: config.meiliUrl,
    meiliUrls: config.meiliUrls,
    meiliMasterKey: config.meiliMasterKey,
    meiliBin: config.meiliBin,
    logger,
  });
  await ensureJobsIndexOnReplicas(search.replicas, config.meiliIndex, logger);
  const metrics = createPortalMetrics('indexer');
  const work = startBackgroundWork({
    // The same secret as the servers (JWT_SECRET; the data dir's with the embedded database), so
    // the links in the mails this process queues are accepted by them.
    config: {
      ...config,
      jwtSecret: config.jwtSecret ?? readOrCreateSecret(config.dataDir, 'jwt-secret', 48),
    },
    database,
    search,
    logger,
    // No HTTP server here: PUBLIC_URL (required with DATABASE_URL), else the configured port.
    mailBaseUrl: () => mailBaseUrl({ config, server: { address: () => null } }),
    metrics,
  });
  // METRICS_PORT with METRICS_TOKEN: this process's own /metrics (without the token, none at all).
  const listener =
    config.metricsPort !== undefined && config.metricsToken
      ? await startMetricsListener(metrics, {
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
        })
      : undefined;
  if (listener) logger.info({ port: listener.port }, 'indexer metrics listening');
  else if (config.metricsPort !== undefined)
    logger.info('METRICS_PORT is set but METRICS_TOKEN is not: no metrics');
  logger.info(
    { feed: config.feedUrl, version: config.feedApiVersion, alerts: config.alerts.schedulerEnabled },
    'indexer started',
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: stopping the indexer, the alert scheduler and the mail sender`);
    void work
      .stop()
      .then(() => listener?.close())
      .then(() => search.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await work.done;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
