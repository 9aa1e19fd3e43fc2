import type { RunningIndexer } from '@jobbportalen/indexer';
import type { DatabaseHandle, SearchEngine } from '@jobbportalen/storage';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { startConfiguredIndexer } from './embedded-indexer.js';
import { startAlertScheduler, type RunningAlertScheduler } from './features/alerts/alert-scheduler.js';
import { registerMailWaker } from './features/alerts/run-coordination.js';
import { profileSearches } from './profile-matching/profile-search-fit.js';
import { createSignedTokens } from './http/signed-tokens.js';
import { createMailLinks } from './mail/mail-links.js';
import { startMailSender, type MailSender } from './mail/mail-sender.js';
import type { PortalMetrics } from './metrics/portal-metrics.js';

export interface BackgroundWorkOptions {
  /** With jwtSecret set: the mail links' tokens are signed with it, as the server verifies them. */
  config: Readonly<Config> & { jwtSecret: string };
  database: DatabaseHandle;
  search: SearchEngine;
  logger: FastifyBaseLogger;
  /** The base of the links in mails (mailBaseUrl): asked when a run starts. */
  mailBaseUrl: () => string;
  /** The process's metrics: the indexer's, the alert runs' and the mail's figures go there. */
  metrics: PortalMetrics;
}

export interface RunningBackgroundWork {
  indexer: RunningIndexer;
  /** Resolves when the feed indexer has stopped. */
  done: Promise<void>;
  /** Stops the alert scheduler, then the mail sender, then the indexer: each finishes its writes. */
  stop(): Promise<void>;
}

/**
 * What runs beside the HTTP servers, in one process (the embedded default's server, or
 * `npm run indexer`): the feed indexer (with the retention housekeeping), and — unless
 * ALERTS_SCHEDULER=false — the alert scheduler and the mail sender that delivers what it queues.
 */
export function startBackgroundWork(options: BackgroundWorkOptions): RunningBackgroundWork {
  const { config, database, search, logger, metrics } = options;
  const indexer = startConfiguredIndexer(config, database, search, logger, {
    feed: metrics.feed,
    housekeeping: metrics.housekeeping,
  });
  // The tables this process works on are read for the gauges when scraped (outbox, feed, mail).
  const unwatch = metrics.watch({
    database: {
      db: database.db,
      indexUid: config.meiliIndex,
      replicaIds: search.replicas.map((replica) => replica.id),
    },
  });
  let scheduler: RunningAlertScheduler | undefined;
  let sender: MailSender | undefined;
  let unregisterWaker: (() => void) | undefined;

  if (config.alerts.schedulerEnabled) {
    sender = startMailSender({
      db: database.db,
      config,
      dataDir: config.dataDir,
      logger: logger.child({ component: 'mail' }),
      observer: metrics.mail,
    });
    // Mail queued by this process (an admin's run, a subscription) goes out at once.
    unregisterWaker = registerMailWaker(database, sender.wake);
    const tokens = createSignedTokens(config.jwtSecret);
    scheduler = startAlertScheduler({
      database,
      search,
      indexUid: config.meiliIndex,
      dailyAt: config.alerts.dailyAt,
      links: () => createMailLinks(options.mailBaseUrl(), tokens),
      profiles: profileSearches({ db: database.db, search, indexUid: config.meiliIndex }),
      logger: logger.child({ component: 'alerts' }),
      observer: metrics.alertRuns,
    });
  }

  return {
    indexer,
    done: indexer.done,
    async stop() {
      // The scheduler first (it queues mail), then the sender (it empties what it holds), then the
      // feed: all before the caller closes the database.
      await scheduler?.stop();
      unregisterWaker?.();
      await sender?.stop();
      await indexer.stop();
      unwatch();
    },
  };
}
