import {
  createFeedClient,
  startIndexer,
  type IndexerObserver,
  type RunningIndexer,
} from '@jobbportalen/indexer';
import type { DatabaseHandle, SearchEngine } from '@jobbportalen/storage';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import {
  HOUSEKEEPING_INTERVAL_MS,
  runRetentionHousekeeping,
  type HousekeepingObserver,
} from './housekeeping/retention-housekeeping.js';

/** What the indexer's work is told, for the portal's metrics. */
export interface IndexerObservers {
  feed?: IndexerObserver;
  housekeeping?: HousekeepingObserver;
}

/**
 * Starts the feed indexer with the portal's configuration (in this process or its own), and with
 * it the retention housekeeping, which only the indexer holding the lock runs.
 */
export function startConfiguredIndexer(
  config: Readonly<Config>,
  database: DatabaseHandle,
  search: SearchEngine,
  logger: FastifyBaseLogger,
  observers: IndexerObservers = {},
): RunningIndexer {
  const log = logger.child({ component: 'indexer' });
  const feed = createFeedClient({
    baseUrl: config.feedUrl,
    apiVersion: config.feedApiVersion,
    ...(config.feedApiKey ? { apiKey: config.feedApiKey } : {}),
    minRequestIntervalMs: config.feedRequestIntervalMs,
    logger: log,
  });
  return startIndexer({
    database,
    search: search.client,
    // Every change goes to every replica (MEILI_URLS), each from its own outbox position.
    replicas: search.replicas,
    maxReplicaBacklog: config.meiliReplicaMaxBacklog,
    indexUid: config.meiliIndex,
    feed,
    logger: log,
    streamIntervalMs: Math.max(config.feedRequestIntervalMs, 1000),
    importOnFirstStart: config.feedAutoImport,
    ...(observers.feed ? { observer: observers.feed } : {}),
    housekeeping: {
      intervalMs: HOUSEKEEPING_INTERVAL_MS,
      async run(now, signal) {
        const outcome = await runRetentionHousekeeping({
          db: database.db,
          retention: config.retention,
          dataDir: config.dataDir,
          now,
          signal,
          ...(observers.housekeeping ? { observer: observers.housekeeping } : {}),
        });
        if (outcome.error) log.error({ ...outcome }, 'housekeeping: some kinds failed');
        else if (Object.values(outcome.deleted).some((count) => count > 0))
          log.info({ ...outcome.deleted }, 'housekeeping: deleted past their retention');
      },
    },
  });
}
