import type { EnqueuedTaskPromise, Task } from 'meilisearch';

/** Awaits a Meilisearch task and turns a failed task into an exception. */
export async function completed(task: EnqueuedTaskPromise, timeoutMs = 120_000): Promise<Task> {
  const done = await task.waitTask({ timeout: timeoutMs, interval: 50 });
  if (done.status !== 'succeeded') {
    throw new Error(
      `Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error?.message ?? ''}`,
    );
  }
  return done;
}
