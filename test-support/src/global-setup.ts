import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, openSearchEngine, type SearchEngine } from '@jobbportalen/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    meiliUrl: string;
    meiliKey: string;
    /** A file with a dump of a migrated PGlite; openTestDatabase('pglite') opens copies of it. */
    pgliteTemplate: string;
  }
}

let engine: SearchEngine | undefined;
let dataDir: string | undefined;

/**
 * One real Meilisearch for the whole test run (starting one per file would cost seconds each);
 * test files keep apart by using their own index names. It runs from the npm-shipped binary
 * unless MEILI_URL / MEILI_BIN say otherwise, exactly as the app finds it.
 *
 * And one migrated PGlite, dumped to a file: a test file's database starts as a copy of it
 * (test-support/databases.ts) rather than a new cluster it then migrates, which took seconds.
 */
export default async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-test-meili-'));
  const templateFile = path.join(dataDir, 'pglite-template.tar');
  const [started, template] = await Promise.all([
    openSearchEngine({
      dataDir,
      meiliUrl: process.env.TEST_MEILI_URL,
      meiliMasterKey: process.env.TEST_MEILI_MASTER_KEY,
      meiliBin: process.env.MEILI_BIN,
    }),
    createPgliteTemplate(),
  ]);
  engine = started;
  fs.writeFileSync(templateFile, Buffer.from(await template.arrayBuffer()));
  project.provide('meiliUrl', engine.url);
  project.provide('meiliKey', engine.apiKey);
  project.provide('pgliteTemplate', templateFile);
  return async () => {
    await engine?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
