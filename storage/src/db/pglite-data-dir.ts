import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// Runs in the worker: PGlite creates the cluster (initdb) when it opens a directory without one.
const CREATE_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.pgliteUrl).then(async ({ PGlite }) => {
  const pglite = new PGlite(workerData.dir, { startParams: workerData.startParams });
  await pglite.waitReady;
  await pglite.close();
  parentPort.postMessage('created');
});
`;

/**
 * Creates PGlite's cluster in `dir` if it has none yet, in a worker thread that ends afterwards.
 * Creating one (PGlite's initdb) grows PGlite's WebAssembly memory to some 500 MB, and
 * WebAssembly memory is never given back while its thread lives: created in the process that then
 * serves, the portal kept ~700 MB resident for good; created in a worker, the memory goes with the
 * worker and the process stays at ~250 MB.
 */
export async function createPgliteClusterIfMissing(dir: string, startParams: string[]): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  fs.mkdirSync(dir, { recursive: true });
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(CREATE_IN_WORKER, { eval: true, workerData: { dir, startParams, pgliteUrl } });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`creating the PGlite database in ${dir} failed (worker exit ${code})`)),
      );
    });
  } finally {
    await worker.terminate();
  }
}
