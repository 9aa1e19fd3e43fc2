import type { DatabaseHandle, FeedCommand, SearchReplica } from '@jobbportalen/storage';
import type { Meilisearch } from 'meilisearch';
import type { FeedClient } from '../feed/feed-client.js';
import {
  closeInterruptedCommands,
  FEED_CONTROL_CHANNEL,
  markCommandFinished,
  markCommandStarted,
  pendingFeedCommands,
} from '../repositories/feed-control.repository.js';
import { readFeedState, updateFeedState } from '../repositories/feed-state.repository.js';
import { queueReindexIfOutdated } from './document-format.js';
import { queueFeedCommand } from './feed-commands.js';
import { expireJobs } from './jobs-store.js';
import { rebuildReplicas } from './reindex.js';
import { drainOutbox, replicaOfClient } from './search-outbox.js';
import { importSnapshot } from './snapshot-import.js';
import { syncStreamWindow } from './stream-sync.js';
import type { SyncContext, SyncLogger } from './sync-context.js';

/**
 * Rows per database write of feed records. The embedded PGlite keeps the memory its largest
 * statement needed (WebAssembly memory is never given back): 250 ads a statement peaked some
 * 20 MB lower than 500, for about the same time per ad.
 */
export const DEFAULT_SYNC_BATCH_SIZE = 250;

/** Any fixed number: the key of the advisory lock only one streaming indexer may hold. */
const INDEXER_LOCK_KEY = 7_350_001;

export interface IndexerOptions {
  database: DatabaseHandle;
  /**
   * The Meilisearch client, or a function that returns the current one (asked before every use),
   * for an engine that can come back on another address after a restart.
   */
  search: Meilisearch | (() => Meilisearch);
  /**
   * Every Meilisearch replica (MEILI_URLS); without it, `search` is the one. Each gets every
   * change, from its own outbox position; new or wiped ones are filled from Postgres first.
   */
  replicas?: readonly SearchReplica[];
  /** Rows a replica that is down may fall behind before it is rebuilt instead (default 100,000). */
  maxReplicaBacklog?: number;
  indexUid: string;
  feed: FeedClient;
  logger: SyncLogger;
  /** Time between stream windows (the real feed allows one request a minute). */
  streamIntervalMs?: number;
  /** Fallback poll for admin commands, in case a NOTIFY is missed. */
  commandPollMs?: number;
  /** Import a snapshot and start streaming by itself when the database has never had one (demo). */
  importOnFirstStart?: boolean;
  batchSize?: number;
  now?: () => Date;
  /** Told of every snapshot and stream window applied or failed (the portal's metrics). */
  observer?: IndexerObserver;
  /**
   * Upkeep only the indexer holding the lock does (the portal's retention housekeeping): once when
   * it takes the lock, then every `intervalMs`. So it runs one at a time across processes, and
   * wherever the indexer runs, whatever else that process does.
   */
  housekeeping?: PeriodicTask;
}

export interface PeriodicTask {
  intervalMs: number;
  /** `now`: the daemon's clock (IndexerOptions.now). Should end soon after `signal` aborts. */
  run(now: Date, signal: AbortSignal): Promise<void>;
}

/** What the daemon did, for counting: ads written and removed per window, and failed windows. */
export interface IndexerObserver {
  windowApplied(source: 'snapshot' | 'stream', totals: { imported: number; removed: number }): void;
  windowFailed(source: 'snapshot' | 'stream'): void;
}

export interface RunningIndexer {
  /** Resolves when the daemon has stopped (after stop(), or on a fatal error). */
  readonly done: Promise<void>;
  /** Wakes the loops now (tests, benchmarks); admin commands wake it through their NOTIFY. */
  wake(): void;
  stop(): Promise<void>;
}

/** Waits `ms`, or less if the daemon stops or is woken; leaves no listener behind either way. */
const sleep = (ms: number, signal: AbortSignal, wakeSignal?: { promise: Promise<void> }) =>
  new Promise<void>((resolve) => {
    // An abort event fires once: a loop that was stopped mid-round must not sleep a whole round.
    if (signal.aborted) return resolve();
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    void wakeSignal?.promise.then(done);
  });

/**
 * The indexer: acts on admin commands, applies a stream window every minute while running, and
 * moves changes to Meilisearch through the outbox. Every failure is logged and retried on the
 * next round; nothing the feed or Meilisearch does can end the loop, only stop().
 */
export function startIndexer(options: IndexerOptions): RunningIndexer {
  const controller = new AbortController();
  const { signal } = controller;
  const log = options.logger;
  const now = options.now ?? (() => new Date());
  const streamIntervalMs = options.streamIntervalMs ?? 60_000;
  const commandPollMs = options.commandPollMs ?? 5_000;
  let wakeUp = deferred();
  // Counts wake-ups, so that a loop busy when one came can tell and need not sleep through it.
  let wakeups = 0;
  let drainerPaused = false;
  // The drains under way (one per replica loop): a rebuild waits for them to end.
  const draining = new Set<Promise<unknown>>();
  let lastStreamAt = 0;
  const searchClient = () => (typeof options.search === 'function' ? options.search() : options.search);
  const replicas = () => options.replicas ?? [replicaOfClient(searchClient())];

  const ctx: SyncContext = {
    db: options.database.db,
    indexUid: options.indexUid,
    feed: options.feed,
    logger: log,
    signal,
    batchSize: options.batchSize ?? DEFAULT_SYNC_BATCH_SIZE,
    now,
  };
  const wake = () => {
    wakeups++;
    const current = wakeUp;
    wakeUp = deferred();
    current.resolve();
  };

  async function runCommand(command: FeedCommand) {
    switch (command) {
      case 'start':
        await updateFeedState(ctx.db, { running: true, since: now() });
        lastStreamAt = 0;
        return;
      case 'stop':
        await updateFeedState(ctx.db, { running: false, since: now() });
        return;
      case 'snapshot':
        try {
          const snapshot = await importSnapshot(ctx);
          options.observer?.windowApplied('snapshot', {
            imported: snapshot.imported,
            removed: snapshot.removed + snapshot.retired,
          });
        } catch (error) {
          options.observer?.windowFailed('snapshot');
          throw error;
        }
        return;
      case 'reindex':
        drainerPaused = true;
        try {
          // A drain still running would write to the old index after the rebuild read the row.
          await Promise.allSettled([...draining]);
          await rebuildReplicas({ db: ctx.db, replicas: replicas(), indexUid: ctx.indexUid, signal });
        } finally {
          drainerPaused = false;
        }
        return;
    }
  }

  async function controlLoop() {
    const unlisten = await options.database.listen(FEED_CONTROL_CHANNEL, wake).catch((error: unknown) => {
      log.warn({ err: error }, 'LISTEN failed; relying on polling for admin commands');
      return async () => undefined;
    });
    try {
      while (!signal.aborted) {
        try {
          for (const command of await pendingFeedCommands(ctx.db)) {
            if (signal.aborted) break;
            await markCommandStarted(ctx.db, command.id);
            log.info({ command: command.command, id: command.id }, 'admin command');
            let error: string | null = null;
            try {
              await runCommand(command.command);
            } catch (failure) {
              error = failure instanceof Error ? failure.message : String(failure);
              log.error({ err: failure, command: command.command }, 'admin command failed');
            }
            await markCommandFinished(ctx.db, command.id, error);
            wake();
          }
          const state = await readFeedState(ctx.db);
          if (state.running && Date.now() - lastStreamAt >= streamIntervalMs) {
            lastStreamAt = Date.now();
            // The outbox holds still while a window is written (in batches): its changes then go
            // to Meilisearch together, as one indexing batch, and not piecemeal in batches that
            // Meilisearch indexes one after another, at a second or more each.
            drainerPaused = true;
            try {
              const result = await syncStreamWindow(ctx);
              options.observer?.windowApplied('stream', {
                imported: result.imported,
                removed: result.removed + result.expired,
              });
              if (result.records > 0) log.info({ ...result }, 'stream window applied');
            } catch (error) {
              if (!signal.aborted) {
                options.observer?.windowFailed('stream');
                log.error({ err: error, cursor: state.lastCursor }, 'stream window failed');
              }
            } finally {
              drainerPaused = false;
              wake();
            }
          }
        } catch (error) {
          if (!signal.aborted) log.error({ err: error }, 'indexer round failed');
        }
        const untilStream = Math.max(50, lastStreamAt + streamIntervalMs - Date.now());
        await sleep(Math.min(commandPollMs, untilStream), signal, wakeUp);
      }
    } finally {
      await unlisten().catch(() => undefined);
    }
  }

  /**
   * Before the loops run. After a crash: an unfinished command is closed as interrupted, and an
   * interrupted snapshot is redone. After an upgrade: search documents of an older format are
   * rebuilt — queued before any drain runs, so that the drainer leaves those replicas to it.
   */
  async function recoverInterruptedWork() {
    const state = await readFeedState(ctx.db);
    const stale = await closeInterruptedCommands(ctx.db, now(), 'Avbruten (indexeraren startades om).');
    const snapshotInterrupted = state.progressTask === 'snapshot' || stale.includes('snapshot');
    if (state.progressTask)
      await updateFeedState(ctx.db, { progressTask: null, progressProcessed: null, progressTotal: null });
    const firstStart = options.importOnFirstStart && !state.lastSnapshotAt;
    if (snapshotInterrupted || firstStart) {
      log.info({ snapshotInterrupted, firstStart }, 'queueing a snapshot');
      await queueFeedCommand(ctx.db, 'snapshot', 'indexer');
      if (firstStart && !state.running) await queueFeedCommand(ctx.db, 'start', 'indexer');
    }
    await queueReindexIfOutdated({ db: ctx.db, replicas: replicas(), indexUid: ctx.indexUid, logger: log });
  }

  /**
   * Drains the outbox into the replicas (`only`: into that one; the trim still counts all). With
   * several replicas each has a loop of its own: one that is down backs off, and one being filled
   * from Postgres takes minutes, without holding back the changes of the others.
   */
  async function outboxLoop(only?: string) {
    let failures = 0;
    while (!signal.aborted) {
      // A wake-up while this round drains may be for rows written after the drain looked: then
      // there is no sleeping until the next round (a stream window's changes waited up to 1 s).
      const wakeupsBefore = wakeups;
      let delay = 1000;
      if (!drainerPaused) {
        try {
          const drain = drainOutbox({
            db: ctx.db,
            replicas: replicas(),
            indexUid: ctx.indexUid,
            ...(options.maxReplicaBacklog ? { maxBacklog: options.maxReplicaBacklog } : {}),
            ...(only ? { only } : {}),
            signal,
            logger: log,
            paused: () => drainerPaused,
          });
          draining.add(drain);
          const delivered = await drain.finally(() => draining.delete(drain));
          if (delivered > 0) log.info({ delivered, replica: only }, 'search index updated');
          failures = 0;
        } catch (error) {
          if (signal.aborted) break;
          failures++;
          // Meilisearch down: keep the changes in the outbox and try again, backing off.
          delay = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
          log.warn(
            { err: error, replica: only, failures, retryInMs: delay },
            'search index update failed; will retry',
          );
        }
      }
      if (wakeups === wakeupsBefore) await sleep(delay, signal, wakeUp);
    }
  }

  async function expiryLoop() {
    while (!signal.aborted) {
      await sleep(60_000, signal);
      if (signal.aborted) break;
      try {
        const expired = await expireJobs(ctx.db, now());
        if (expired > 0) log.info({ expired }, 'expired ads past their last publication date');
      } catch (error) {
        log.warn({ err: error }, 'expiry sweep failed');
      }
    }
  }

  async function housekeepingLoop(task: PeriodicTask) {
    while (!signal.aborted) {
      try {
        await task.run(now(), signal);
      } catch (error) {
        if (!signal.aborted) log.error({ err: error }, 'housekeeping failed; the next round tries again');
      }
      await sleep(task.intervalMs, signal);
    }
  }

  const done = (async () => {
    let lock = await options.database.tryAdvisoryLock(INDEXER_LOCK_KEY);
    while (!lock && !signal.aborted) {
      log.info({}, 'another indexer holds the lock; standing by');
      await sleep(30_000, signal);
      lock = await options.database.tryAdvisoryLock(INDEXER_LOCK_KEY);
    }
    if (!lock) return;
    try {
      await recoverInterruptedWork();
      const outboxLoops =
        options.replicas && options.replicas.length > 1
          ? options.replicas.map((replica) => outboxLoop(replica.id))
          : [outboxLoop()];
      const housekeeping = options.housekeeping ? [housekeepingLoop(options.housekeeping)] : [];
      await Promise.all([controlLoop(), ...outboxLoops, expiryLoop(), ...housekeeping]);
    } finally {
      await lock.release().catch(() => undefined);
    }
  })();

  return {
    done,
    wake,
    async stop() {
      controller.abort();
      await done.catch(() => undefined);
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
