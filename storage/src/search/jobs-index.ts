import type { Meilisearch, Settings } from 'meilisearch';
import { jobsIndexSettings } from './jobs-index-settings.js';
import { completed } from './wait.js';

/**
 * Creates the index if needed and applies the settings, waiting for Meilisearch to finish, so
 * the app never answers searches against half-configured settings. Safe to run at every start:
 * Meilisearch treats unchanged settings as a no-op.
 */
export async function ensureJobsIndex(
  client: Meilisearch,
  uid: string,
  settings: Settings = jobsIndexSettings(),
) {
  const exists = await client
    .getIndex(uid)
    .then(() => true)
    .catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code === 'index_not_found') return false;
      throw error;
    });
  if (!exists) await completed(client.createIndex(uid, { primaryKey: 'id' }));
  await completed(client.index(uid).updateSettings(settings));
}

/**
 * Creates and configures the index on every replica. One that cannot be reached now gets the
 * settings when it is filled (or when the indexer reaches it again); only when none can be is
 * it an error.
 */
export async function ensureJobsIndexOnReplicas(
  replicas: readonly { id: string; client: Meilisearch }[],
  uid: string,
  logger?: Pick<Console, 'warn'>,
): Promise<void> {
  const outcomes = await Promise.allSettled(replicas.map((replica) => ensureJobsIndex(replica.client, uid)));
  const failures = outcomes.flatMap((outcome, i) =>
    outcome.status === 'rejected' ? [{ replica: replicas[i]!.id, error: outcome.reason as unknown }] : [],
  );
  for (const failure of failures)
    logger?.warn({ replica: failure.replica, err: failure.error }, 'Meilisearch replica not configured');
  if (failures.length === replicas.length && failures[0]) throw failures[0].error;
}
