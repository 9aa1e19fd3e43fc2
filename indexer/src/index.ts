// The indexer's public entry point: the only module other workspaces import
// (`@jobbportalen/indexer`). Everything else in this package is its own business.

// The daemon, and the feed client it reads JobStream with.
export {
  DEFAULT_SYNC_BATCH_SIZE,
  startIndexer,
  type IndexerObserver,
  type IndexerOptions,
  type PeriodicTask,
  type RunningIndexer,
} from './sync/indexer-daemon.js';
export { createFeedClient, type FeedClient, type FeedClientOptions } from './feed/feed-client.js';
export { resolveFeedSettings, type FeedSettings, type FeedSettingsInput } from './feed/feed-settings.js';
export { DEFAULT_FEED_BASE_URL, type FeedApiVersion } from './feed/feed-urls.js';

// Admin commands for the daemon, wherever it runs.
export { longTaskBusy, queueFeedCommand } from './sync/feed-commands.js';

// The tables the indexer writes, read by the admin pages and the benchmarks (and pruned by the
// retention housekeeping the daemon runs).
export {
  countPendingFeedCommands,
  deleteFinishedCommandsBefore,
  FEED_CONTROL_CHANNEL,
  feedCommandOutcome,
} from './repositories/feed-control.repository.js';
export { readFeedState, type LongTask } from './repositories/feed-state.repository.js';
export {
  deleteImportLogBefore,
  importedPerStockholmDay,
  latestImportLog,
} from './repositories/import-log.repository.js';
// enqueueForIndexing: an admin hiding or showing an ad queues it, as a feed change does.
export {
  enqueueForIndexing,
  oldestPendingEnqueuedAt,
  outboxSize,
} from './repositories/search-outbox.repository.js';

// Single sync steps, for tests and tools that drive the import without the daemon.
export { importSnapshot, type SnapshotResult } from './sync/snapshot-import.js';
export { syncStreamWindow, type StreamWindowResult } from './sync/stream-sync.js';
export { drainOutbox, type OutboxDrainOptions } from './sync/search-outbox.js';
export type { SyncContext, SyncLogger } from './sync/sync-context.js';

// Feed record → stored ad → search document, exactly as the sync builds them.
export { classifyFeedRecord, type ClassifiedFeedRecord } from './normalize/classify-feed-record.js';
export type { NormalizedJob } from './normalize/normalized-job.js';
export { toSearchDocument } from './normalize/search-document.js';
