import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Tests import workspaces by package name; point those names at the TypeScript sources so a
// test run never depends on a previous `tsc -b`.
const workspaces = ['contracts', 'lexicon', 'storage', 'indexer', 'feed-simulator', 'server', 'test-support'];
const alias = workspaces.flatMap((name) => {
  const src = fileURLToPath(new URL(`./${name}/src/`, import.meta.url));
  return [
    { find: new RegExp(`^@jobbportalen/${name}$`), replacement: `${src}index.ts` },
    { find: new RegExp(`^@jobbportalen/${name}/(.*)$`), replacement: `${src}$1.ts` },
  ];
});

// What every project runs with. (Not through `extends: true`: that would hand each project the
// global setup too, and start a Meilisearch per project.)
const common: TestProjectInlineConfiguration['test'] = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  server: {
    deps: {
      // The web app's server renderer (web/dist-server, and the copies browser tests serve) is
      // a self-contained 2.4 MB bundle: Node loads it in about a second, while vitest's transform
      // took ten times that for every portal a test file started.
      external: [/\/dist-server\/entry-server\.js$/],
    },
  },
};

/** Node tests that assert on process.memoryUsage(). */
const MEMORY_TESTS = [
  'feed-simulator/src/snapshot-throughput.test.ts',
  'indexer/src/feed/feed-client.memory.test.ts',
  'server/src/features/match/extraction/document-guards.test.ts',
];

/** A project: the workspaces' aliases, the common options, and its own. */
const project = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: { ...common, ...test },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // One Meilisearch and one PGlite template for the whole run, whichever project a file is in.
    globalSetup: ['./test-support/src/global-setup.ts'],
    // Vitest's default is one worker per core but one: a single worker on CI's two cores, which
    // ran the files one after another in 44 minutes. Most of a test's time is spent waiting on
    // Meilisearch, PostgreSQL, chromium and the servers it starts, not on its own CPU: three
    // workers on two cores ran the same suite in 18 minutes, with the same results.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // Vitest runs the projects' files in the order of the projects' names, longest files first:
    // the browser tests, then the node workspaces, then the web app's own tests.
    projects: [
      // Without isolation: a worker runs one browser file after another with its modules kept,
      // so the server, the indexer and Playwright are imported once per worker rather than once
      // per file, and the files that change nothing share one portal and one Chromium per worker
      // (web/e2e/support/shared-portal.ts).
      project({
        name: 'browser',
        include: ['web/e2e/**/*.test.ts'],
        exclude: ['web/e2e/front-door.test.ts'],
        isolate: false,
      }),
      // Without isolation too: importing the server, the indexer and the storage again for each
      // of some 200 files took a tenth of the run. Their modules keep no state a test could see
      // (their module-level maps are caches of fixed data), and each test opens its own
      // database, index and app.
      project({
        name: 'node',
        include: ['{contracts,lexicon,storage,indexer,feed-simulator,server,scripts}/src/**/*.test.ts'],
        exclude: MEMORY_TESTS,
        isolate: false,
      }),
      // Isolated: tests that measure this process's memory need a process of their own. In a
      // worker that ran other files first, V8 lets far more garbage build up before collecting
      // (the snapshot's 'flat memory' read +250 MB of garbage against its 130 MB bound).
      project({ name: 'node-memory', include: MEMORY_TESTS }),
      // Isolated: the web app's modules keep the page's state (its caches, the logged-in visitor,
      // listeners), which each test file expects to start empty; and the front door's test starts
      // server processes of its own.
      project({
        name: 'web',
        include: ['web/src/**/*.test.ts', 'web/e2e/front-door.test.ts'],
      }),
    ],
  },
});
