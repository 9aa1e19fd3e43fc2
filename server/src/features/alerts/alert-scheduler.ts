import type { DatabaseHandle, SearchEngine } from '@jobbportalen/storage';
import { jobsFacetValues } from '../../search/facet-values-cache.js';
import type { MailLinks } from '../../mail/mail-links.js';
import type { ProfileSearches } from './profile-search.js';
import { alertHousekeeping } from './alert-housekeeping.js';
import { runAlerts, type AlertRunLogger, type AlertRunObserver } from './alert-run.js';
import { exclusiveAlertRun, wakeMailSenders } from './run-coordination.js';

/** How often the scheduler looks for due alerts (instant ones are due within a tick of their ads). */
export const ALERT_TICK_MS = 60_000;

export interface AlertSchedulerOptions {
  database: DatabaseHandle;
  search: SearchEngine;
  indexUid: string;
  /** ALERTS_DAILY_AT: daily alerts (and weekly ones, on Mondays) go out at this Stockholm time. */
  dailyAt: string;
  /** The mail links (their base may be known only once the server listens). */
  links: () => MailLinks;
  /** Profiles and their fit, for 'Jobb som matchar min profil'. */
  profiles: ProfileSearches;
  logger: AlertRunLogger & { error(obj: object, msg?: string): void };
  tickMs?: number;
  now?: () => Date;
  batchSize?: number;
  observer?: AlertRunObserver;
}

export interface RunningAlertScheduler {
  /** Runs a tick now (tests, and after an import). */
  wake(): void;
  /** Stops the run under way after its current batch, then stops. */
  stop(): Promise<void>;
}

/**
 * The alert scheduler: every tick, the due alerts are run (one run at a time across processes: a
 * tick that finds another under way leaves the work to it) and the subscriptions kept tidy; mail
 * the tick queued wakes the mail senders of this process. A failed tick is logged and the next
 * one tries again: nothing it did half is lost (each batch commits whole).
 */
export function startAlertScheduler(options: AlertSchedulerOptions): RunningAlertScheduler {
  const now = options.now ?? (() => new Date());
  const deps = {
    database: options.database,
    search: options.search,
    indexUid: options.indexUid,
    facetValues: jobsFacetValues(options.search, options.indexUid),
    profiles: options.profiles,
    logger: options.logger,
    now,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.observer ? { observer: options.observer } : {}),
  };
  let stopped = false;
  const stopping = new AbortController();
  const signal = stopping.signal;
  let wakeUp: (() => void) | undefined;

  const tick = async () => {
    const queued = await exclusiveAlertRun(options.database, 'skip', async () => {
      const links = options.links();
      const run = await runAlerts(
        { ...deps, links, signal },
        { kind: 'scheduled', dailyAt: options.dailyAt },
      );
      const upkeep = await alertHousekeeping(options.database, links, now());
      if (upkeep.unconfirmedDeleted + upkeep.reminders + upkeep.idleDeleted > 0)
        options.logger.info({ ...upkeep }, 'alerts: housekeeping');
      return run.mails + upkeep.reminders;
    });
    if (queued) wakeMailSenders(options.database);
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        await tick();
      } catch (error) {
        options.logger.error({ err: error }, 'alerts: tick failed; the next tick tries again');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, options.tickMs ?? ALERT_TICK_MS);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        }
        wakeUp = done;
      });
    }
  })();

  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      // A run stops between batches: what it committed is done, the rest stays due.
      stopping.abort();
      wakeUp?.();
      await loop;
    },
  };
}
