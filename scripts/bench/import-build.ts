// Builds what `npm run bench:import` runs: the workspaces (as `npm run indexer` and `npm start` do
// before they start) and the bench's own runner, so that the measured process is plain built JS
// like the production daemon, started with the daemon's own Node flags. Fails with tsc's messages
// when a build fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function run(args: string[], what: string) {
  const result = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`bench:import needs ${what}, and it failed (see above)`);
}

/** Builds the workspaces and the runner; returns the built files the bench starts. */
export function buildImportBench(): { runner: string; simulator: string } {
  // The same build, only of what is stale, that `npm run indexer` and `npm start` make first.
  run([path.join(repoRoot, 'scripts', 'build-if-needed.mjs')], 'a build of the workspaces');
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  run([tsc, '-p', 'scripts/bench/tsconfig.import-run.json'], 'a build of its runner');
  return {
    runner: path.join(repoRoot, 'scripts', 'bench', 'dist', 'import-run.js'),
    simulator: path.join(repoRoot, 'feed-simulator', 'dist', 'cli.js'),
  };
}

/**
 * The V8 heap cap that `npm run <script>` gives its process (package.json), so a bench measures
 * the process an operator runs. Without it V8 lets garbage grow to about four times the live heap.
 */
export function scriptHeapCapMb(script: 'start' | 'indexer'): number {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const cap = /--max-old-space-size=(\d+)/.exec(manifest.scripts?.[script] ?? '')?.[1];
  if (!cap) throw new Error(`package.json: the "${script}" script sets no --max-old-space-size`);
  return Number(cap);
}
