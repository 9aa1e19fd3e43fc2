import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Meilisearch, Settings } from 'meilisearch';
import { completed, openSearchEngine, type SearchEngine } from '../../../storage/src/index.js';

/**
 * A Meilisearch (the project's own binary) in a fresh temporary directory, removed on close — or
 * in `keptDir`, kept for the next run (indexing half a million ads takes a while).
 */
export async function startTemporarySearchEngine(keptDir?: string): Promise<SearchEngine> {
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const engine = await openSearchEngine({ dataDir, restartOnCrash: false });
  return {
    ...engine,
    async close() {
      await engine.close();
      if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates an index with the given settings (none: Meilisearch's defaults) and adds the batches,
 * keeping at most two batches queued so memory stays flat however many there are.
 */
export async function fillIndex(
  client: Meilisearch,
  uid: string,
  batches: Iterable<object[]>,
  settings?: Settings,
  onBatch?: (documents: number) => void,
): Promise<number> {
  await completed(client.createIndex(uid, { primaryKey: 'id' }));
  if (settings) await completed(client.index(uid).updateSettings(settings));
  return appendToIndex(client, uid, batches, onBatch);
}

/** Adds the batches to an existing index, at most two queued at a time. */
export async function appendToIndex(
  client: Meilisearch,
  uid: string,
  batches: Iterable<object[]>,
  onBatch?: (documents: number) => void,
): Promise<number> {
  let total = 0;
  let previous: ReturnType<ReturnType<Meilisearch['index']>['addDocuments']> | undefined;
  for (const batch of batches) {
    const task = client.index(uid).addDocuments(batch);
    if (previous) await completed(previous, 3_600_000);
    previous = task;
    total += batch.length;
    onBatch?.(total);
  }
  if (previous) await completed(previous, 3_600_000);
  return total;
}
