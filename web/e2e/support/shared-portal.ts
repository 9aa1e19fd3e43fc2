import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, launchChromium } from './browser.js';
import { startE2ePortal, type E2ePortal } from './portal.js';

/**
 * One portal and one Chromium per test worker, shared by the browser test files that change
 * nothing another file could see. Starting a portal (a web copy, 300 ads imported, the server
 * built) and a browser for each of 30 files cost minutes of every run.
 *
 * How it outlives a file: the browser tests run without isolation (vitest.config.ts, project
 * 'browser'), so a worker runs one file after another with its modules kept, this one included.
 * The portal is never closed: the worker is stopped (killed) when no browser file is left, and the
 * portal's web copy lies in the run's scratch directory, which the global teardown removes.
 *
 * Its corpus is fixed before its first file: the simulator's ads, one of them removed
 * (portal.removedJobId()). A file sharing it may add accounts and what accounts own (saved jobs and
 * searches, profiles), never ads, removals, feed windows, reports or site texts. Each file's state
 * of the corpus is compared after it (corpusState): a file that changed it fails, and should ask
 * for a portal of its own (useE2e({ ownPortal: true })).
 */
let shared: Promise<E2ePortal> | undefined;
let sharedBrowser: Promise<Browser> | undefined;

export function sharedE2ePortal(): Promise<E2ePortal> {
  if (!shared) {
    shared = (async () => {
      const portal = await startE2ePortal({ webCopyParent: inject('scratchDir') });
      await portal.removedJobId();
      return portal;
    })();
    // A start that failed is not kept: the next file tries again (and reports its own failure).
    shared.catch(() => (shared = undefined));
  }
  return shared;
}

export function sharedChromium(): Promise<Browser> {
  if (!sharedBrowser) {
    sharedBrowser = launchChromium({ args: CHROMIUM_ARGS });
    sharedBrowser.catch(() => (sharedBrowser = undefined));
  }
  return sharedBrowser;
}

/** What a file sharing the portal must leave as it found it, as one comparable string. */
export async function corpusState(portal: E2ePortal): Promise<string> {
  const { db } = portal.database;
  const jobs = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<string>().as('ads'),
      eb.fn.count<string>('removedAt').as('removed'),
      eb.fn.max('updatedAt').as('lastUpdate'),
    ])
    .executeTakeFirstOrThrow();
  const rowsIn = async (table: 'feedControl' | 'importLog' | 'adReports' | 'hiddenJobs' | 'searchOutbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('rows'))
          .executeTakeFirstOrThrow()
      ).rows,
    );
  const index = await portal.search.client.index(portal.indexUid).getStats();
  return JSON.stringify({
    ads: Number(jobs.ads),
    removed: Number(jobs.removed),
    lastUpdate: jobs.lastUpdate === null ? null : new Date(jobs.lastUpdate).toISOString(),
    indexed: index.numberOfDocuments,
    feedClock: portal.simulator.now(),
    feedControl: await rowsIn('feedControl'),
    importLog: await rowsIn('importLog'),
    reports: await rowsIn('adReports'),
    hidden: await rowsIn('hiddenJobs'),
    outbox: await rowsIn('searchOutbox'),
    siteSettings: await db.selectFrom('siteSettings').selectAll().execute(),
  });
}
