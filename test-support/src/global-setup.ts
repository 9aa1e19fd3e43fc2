import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, openSearchEngine } from '@jobbportalen/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    meiliUrl: string;
    meiliKey: string;
    /** A file with a dump of a migrated PGlite; openTestDatabase('pglite') opens copies of it. */
    pgliteTemplate: string;
    /**
     * A directory removed when the run ends, for what a test worker keeps until it is stopped (the
     * web copy of the browser tests' shared portal: a worker is killed, never closes it itself).
     */
    scratchDir: string;
  }
}

/**
 * One real Meilisearch for the whole test run (starting one per file would cost seconds each);
 * test files keep apart by using their own index names. It runs from the npm-shipped binary
 * unless MEILI_URL / MEILI_BIN say otherwise, exactly as the app finds it.
 *
 * And one migrated PGlite, dumped to a file: a test file's database starts as a copy of it
 * (test-support/databases.ts) rather than a new cluster it then migrates, which took seconds.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-test-meili-'));
  const templateFile = path.join(dataDir, 'pglite-template.tar');
  const [engine, template] = await Promise.all([
    openSearchEngine({
      dataDir,
      meiliUrl: process.env.TEST_MEILI_URL,
      meiliMasterKey: process.env.TEST_MEILI_MASTER_KEY,
      meiliBin: process.env.MEILI_BIN,
    }),
    createPgliteTemplate(),
  ]);
  fs.writeFileSync(templateFile, Buffer.from(await template.arrayBuffer()));
  project.provide('meiliUrl', engine.url);
  project.provide('meiliKey', engine.apiKey);
  project.provide('pgliteTemplate', templateFile);
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-test-scratch-'));
  project.provide('scratchDir', scratchDir);
  return async () => {
    await engine.close();
    for (const dir of [dataDir, scratchDir]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
