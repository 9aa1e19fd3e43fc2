import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openSearchEngine, type SearchEngine } from '@jobbportalen/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    meiliUrl: string;
    meiliKey: string;
  }
}

let engine: SearchEngine | undefined;
let dataDir: string | undefined;

/**
 * One real Meilisearch for the whole test run (starting one per file would cost seconds each);
 * test files keep apart by using their own index names. It runs from the npm-shipped binary
 * unless MEILI_URL / MEILI_BIN say otherwise, exactly as the app finds it.
 */
export default async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-test-meili-'));
  engine = await openSearchEngine({
    dataDir,
    meiliUrl: process.env.TEST_MEILI_URL,
    meiliMasterKey: process.env.TEST_MEILI_MASTER_KEY,
    meiliBin: process.env.MEILI_BIN,
  });
  project.provide('meiliUrl', engine.url);
  project.provide('meiliKey', engine.apiKey);
  return async () => {
    await engine?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
