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
