import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDist = path.join(repoRoot, 'web', 'dist');
/** The server renderer of the same build (vite build --ssr). */
export const webDistServer = path.join(repoRoot, 'web', 'dist-server');

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const mtimeOf = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);

/**
 * Whether web/dist holds React's development build: the entry bundle calls `jsxDEV`, which a
 * production build never contains. Such a dist came from a build that inherited NODE_ENV=test.
 */
function isDevelopmentBuild(): boolean {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const entry = /<script[^>]+src="\/(assets\/[^"]+\.js)"/.exec(fs.readFileSync(indexFile, 'utf8'))?.[1];
  const entryFile = entry === undefined ? undefined : path.join(webDist, entry);
  return (
    entryFile !== undefined &&
    fs.existsSync(entryFile) &&
    fs.readFileSync(entryFile, 'utf8').includes('jsxDEV')
  );
}

/**
 * Whether web/dist is missing or older than what it is built from — the same inputs
 * scripts/build-if-needed.mjs compares (web/src, web/public, web/scripts, contracts/src, web/index.html)
 * — or holds a development build.
 */
export function webBuildIsStale(): boolean {
  // The browser build and the server renderer: the older of the two says when the web was built.
  const built = Math.min(
    mtimeOf(path.join(webDist, 'index.html')),
    mtimeOf(path.join(webDistServer, 'entry-server.js')),
  );
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'web', 'src')),
    newestMtime(path.join(repoRoot, 'web', 'public')),
    newestMtime(path.join(repoRoot, 'web', 'scripts')),
    newestMtime(path.join(repoRoot, 'contracts', 'src')),
    mtimeOf(path.join(repoRoot, 'web', 'index.html')),
  );
  return built < 0 || sources > built || isDevelopmentBuild();
}

function buildWeb(): void {
  // Only the web app: the tests and scripts run the server from its TypeScript sources, so the
  // node workspaces' dist/ (which buildIfNeeded() would also rebuild) is never needed here.
  // The tests and benches run under vitest, which sets NODE_ENV=test; vite build honours an
  // inherited NODE_ENV, and anything but production gives React's development build (jsxDEV,
  // extra checks) — which is neither what visitors get nor what the benches must measure.
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`npm run build -w web failed:\n${result.stdout ?? ''}\n${result.stderr ?? ''}`);
}

const lockDir = path.join(
  os.tmpdir(),
  `jobbportalen-web-build-${Buffer.from(repoRoot).toString('hex').slice(-24)}.lock`,
);

function holderAlive(): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds web/dist when it is missing or stale. Test files run in parallel workers: a lock
 * directory makes sure only one of them builds while the others wait and then find it fresh.
 * (scripts/build-if-needed.mjs's buildIfNeeded() also runs `tsc -b` over the node workspaces and
 * exits the process on failure; the e2e run needs neither, so only its web check is mirrored here.)
 */
export async function ensureWebBuilt(): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (!webBuildIsStale()) return;
    try {
      fs.mkdirSync(lockDir);
    } catch {
      if (!holderAlive()) fs.rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Timed out waiting for the web build (${lockDir})`);
      else await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      if (webBuildIsStale()) buildWeb();
      return;
    } finally {
      fs.rmSync(lockDir, { recursive: true, force: true });
    }
  }
}

/** Whether every script and stylesheet index.html names is in `root` (a build may be under way). */
function isCompleteBuild(root: string): boolean {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const html = fs.readFileSync(indexFile, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
  return assets.length > 0 && assets.every((asset) => fs.existsSync(path.join(root, asset)));
}

/**
 * A private copy of web/dist for one portal, so a rebuild started by another test file (or by
 * someone building the web app during the run) never pulls the files from under a running test.
 * Builds first when needed; retries when a concurrent build was replacing web/dist meanwhile.
 * The copy is made in `parentDir` (default: the system's temporary directory).
 */
export async function snapshotWebDist(parentDir = os.tmpdir()): Promise<{ root: string; remove(): void }> {
  for (let attempt = 1; ; attempt += 1) {
    await ensureWebBuilt();
    // dist/ and, beside it where the server looks for it, the server renderer (dist-server/).
    const copy = fs.mkdtempSync(path.join(parentDir, 'jobbportalen-e2e-web-'));
    const root = path.join(copy, 'dist');
    const remove = () => fs.rmSync(copy, { recursive: true, force: true });
    try {
      fs.cpSync(webDist, root, { recursive: true });
      fs.cpSync(webDistServer, path.join(copy, 'dist-server'), { recursive: true });
      if (isCompleteBuild(root)) return { root, remove };
    } catch {
      // web/dist changed while it was copied: try again
    }
    remove();
    if (attempt >= 10) throw new Error('web/dist kept changing while it was copied');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
