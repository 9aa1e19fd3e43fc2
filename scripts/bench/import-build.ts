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
  if (result.status !== 0) throw new Error(`the bench needs ${what}, and it failed (see above)`);
}

/**
 * Builds the workspaces (only what is stale, as `npm run indexer` and `npm start` do first) and a
 * bench's measured runner from its tsconfig (scripts/bench/tsconfig.<name>.json → dist/<name>.js).
 */
export function buildBenchRunner(name: 'import-run' | 'alerts-run'): string {
  run([path.join(repoRoot, 'scripts', 'build-if-needed.mjs')], 'a build of the workspaces');
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  run([tsc, '-p', `scripts/bench/tsconfig.${name}.json`], 'a build of its runner');
  return path.join(repoRoot, 'scripts', 'bench', 'dist', `${name}.js`);
}

/** Builds the workspaces and the runner; returns the built files the bench starts. */
export function buildImportBench(): { runner: string; simulator: string } {
  return {
    runner: buildBenchRunner('import-run'),
    simulator: path.join(repoRoot, 'feed-simulator', 'dist', 'cli.js'),
  };
}

/**
 * The V8 heap cap that `npm run <script>` gives its process (package.json), so a bench measures
 * the process an operator runs. Without it V8 lets garbage grow to about four times the live heap.
 */
export function scriptHeapCapMb(script: 'start' | 'indexer'): number {
  const cap = /--max-old-space-size=(\d+)/.exec(scriptCommand(script))?.[1];
  if (!cap) throw new Error(`package.json: the "${script}" script sets no --max-old-space-size`);
  return Number(cap);
}

/**
 * The heap switches (`--max-…-size=N`) `npm run <script>` gives Node (package.json): a bench that
 * starts the server itself starts it with these, as an operator's `npm start` does.
 */
export function scriptHeapSwitches(script: 'start' | 'indexer'): string[] {
  return scriptCommand(script).match(/--max-[a-z-]+-size=\d+/g) ?? [];
}

function scriptCommand(script: 'start' | 'indexer'): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return manifest.scripts?.[script] ?? '';
}
