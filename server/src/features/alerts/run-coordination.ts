import type { DatabaseHandle } from '@jobbportalen/storage';

/** Any fixed number (the indexer's is 7_350_001): the advisory lock of the one alert run at a time. */
const ALERT_RUN_LOCK_KEY = 7_350_002;
const LOCK_POLL_MS = 250;

/**
 * One alert run at a time in this process, per database. PGlite is one session, where an advisory
 * lock always succeeds, so the scheduler and an admin's run in one process meet here; across
 * processes (PostgreSQL) the advisory lock below keeps them apart.
 */
const runsInProgress = new WeakMap<object, Promise<unknown>>();

/** Mail senders running beside this process's alert runs, per database: a run wakes them. */
const mailWakers = new WeakMap<object, Set<() => void>>();

export type LockMode =
  /** The scheduler: a tick that finds a run under way leaves the work to it. */
  | 'skip'
  /** An admin's run: waits until the run under way has finished, then runs. */
  | 'wait';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` as the one alert run across every process on the database. Resolves to its result,
 * or to undefined when `mode` is 'skip' and another run is under way.
 */
export async function exclusiveAlertRun<T>(
  database: Pick<DatabaseHandle, 'tryAdvisoryLock'>,
  mode: LockMode,
  work: () => Promise<T>,
): Promise<T | undefined> {
  for (;;) {
    const running = runsInProgress.get(database);
    if (!running) break;
    if (mode === 'skip') return undefined;
    await running.catch(() => undefined);
  }
  const run = (async () => {
    let lock = await database.tryAdvisoryLock(ALERT_RUN_LOCK_KEY);
    while (!lock) {
      if (mode === 'skip') return { skipped: true as const };
      await sleep(LOCK_POLL_MS);
      lock = await database.tryAdvisoryLock(ALERT_RUN_LOCK_KEY);
    }
    try {
      return { skipped: false as const, value: await work() };
    } finally {
      await lock.release().catch(() => undefined);
    }
  })();
  runsInProgress.set(database, run);
  try {
    const outcome = await run;
    return outcome.skipped ? undefined : outcome.value;
  } finally {
    if (runsInProgress.get(database) === run) runsInProgress.delete(database);
  }
}

/** Registers a mail sender's wake-up for runs on this database; returns its removal. */
export function registerMailWaker(database: object, wake: () => void): () => void {
  let wakers = mailWakers.get(database);
  if (!wakers) mailWakers.set(database, (wakers = new Set()));
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Wakes the mail senders of this process on this database (queued mail goes out at once). */
export function wakeMailSenders(database: object): void {
  for (const wake of mailWakers.get(database) ?? []) wake();
}
