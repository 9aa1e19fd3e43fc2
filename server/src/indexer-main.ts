// `npm run indexer`: the feed indexer as its own process (production runs it as a service of its
// own beside any number of servers). Only one indexer streams at a time; others stand by.
import {
  createDatabase,
  DataDirLockedError,
  ensureJobsIndex,
  migrateToLatest,
  openSearchEngine,
} from '@jobbportalen/storage';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { startConfiguredIndexer } from './embedded-indexer.js';

async function main() {
  const config = loadConfig();
  const logger = pino(
    process.stdout.isTTY
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel },
  );
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const search = await openSearchEngine({
    dataDir: config.dataDir,
    meiliUrl: config.meiliUrl,
    meiliMasterKey: config.meiliMasterKey,
    meiliBin: config.meiliBin,
    logger,
  });
  await ensureJobsIndex(search.client, config.meiliIndex);
  const indexer = startConfiguredIndexer(config, database, search, logger);
  logger.info({ feed: config.feedUrl, version: config.feedApiVersion }, 'indexer started');

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: stopping the indexer`);
    void indexer
      .stop()
      .then(() => search.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await indexer.done;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
