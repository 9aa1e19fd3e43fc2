import type { Meilisearch } from 'meilisearch';

// A wait that gives up only makes the caller send the same work again later, so it can be long:
// a loaded machine may take minutes over a large first batch.
const TASK_TIMEOUT_MS = 10 * 60_000;
const POLL_INTERVAL_MS = 50;

/**
 * `work`, or the signal's reason as soon as it aborts. The client's own wait takes no signal, and
 * a daemon told to stop (SIGTERM, a test's cleanup) would otherwise sit out a long task first:
 * up to TASK_TIMEOUT_MS, far past a container's grace period. What the abandoned wait still polls
 * for ends with the task, or with the first poll that finds Meilisearch gone.
 */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Waits for Meilisearch tasks in order; a task that did not succeed becomes an exception, and so
 * does `signal` aborting (with its reason) while one is awaited.
 */
export async function waitForTasks(
  client: Meilisearch,
  uids: readonly number[],
  signal?: AbortSignal,
): Promise<void> {
  for (const uid of uids) {
    const waited = client.tasks.waitForTask(uid, { timeout: TASK_TIMEOUT_MS, interval: POLL_INTERVAL_MS });
    const task = await untilAborted(waited, signal);
    if (task.status !== 'succeeded') {
      throw new Error(
        `Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? ''}`,
      );
    }
  }
}

/**
 * Work sent to Meilisearch but not yet confirmed, oldest first. Keeping a few tasks queued lets
 * Meilisearch take consecutive document additions as one indexing batch while we prepare the next,
 * instead of idling between a confirmation and the next request. Confirmations are awaited oldest
 * first (Meilisearch runs tasks in the order they were enqueued), so only one poll runs at a time.
 */
export class TaskPipeline<T> {
  private readonly queue: { uids: number[]; value: T }[] = [];

  constructor(
    private readonly client: Meilisearch,
    private readonly maxInFlight: number,
    /** Stops a wait for a confirmation (the daemon stopping): the work stays unconfirmed. */
    private readonly signal?: AbortSignal,
  ) {}

  get size(): number {
    return this.queue.length;
  }

  /** Records sent work; while more than maxInFlight are queued, waits for the oldest. Returns what got confirmed. */
  async add(uids: number[], value: T): Promise<T[]> {
    this.queue.push({ uids, value });
    const confirmed: T[] = [];
    while (this.queue.length > this.maxInFlight) confirmed.push(await this.confirmOldest());
    return confirmed;
  }

  async confirmOldest(): Promise<T> {
    const oldest = this.queue[0];
    if (!oldest) throw new Error('nothing in flight');
    await waitForTasks(this.client, oldest.uids, this.signal);
    this.queue.shift();
    return oldest.value;
  }
}
