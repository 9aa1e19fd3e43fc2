import {
  createFeedClient,
  startIndexer,
  type IndexerObserver,
  type RunningIndexer,
} from '@jobbportalen/indexer';
import type { DatabaseHandle, SearchEngine } from '@jobbportalen/storage';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

/** Starts the feed indexer with the portal's configuration (in this process or its own). */
export function startConfiguredIndexer(
  config: Readonly<Config>,
  database: DatabaseHandle,
  search: SearchEngine,
  logger: FastifyBaseLogger,
  observer?: IndexerObserver,
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
    ...(observer ? { observer } : {}),
  });
}
