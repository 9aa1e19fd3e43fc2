// Builds the workspaces whose output is missing or older than their sources, so `npm start`
// works on a fresh clone and stays quick afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeWorkspaces = ['contracts', 'lexicon', 'storage', 'indexer', 'feed-simulator', 'server'];

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const mtimeOf = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);

function run(command, args, env = process.env) {
  console.log(`› ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`Build failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

export function buildIfNeeded({ force = false } = {}) {
  // tsc -b writes dist/.tsbuildinfo for every workspace (not every one has a dist/index.js).
  const staleNode = nodeWorkspaces.filter((name) => {
    const built = mtimeOf(path.join(root, name, 'dist', '.tsbuildinfo'));
    return force || built < 0 || newestMtime(path.join(root, name, 'src')) > built;
  });
  if (staleNode.length > 0) {
    run(process.execPath, [
      path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-b',
      ...staleNode.map((n) => n),
    ]);
    // tsc leaves .tsbuildinfo alone when only files outside the build changed (tests): mark the
    // workspaces checked, or every start would run tsc again for nothing.
    const now = new Date();
    for (const name of staleNode) {
      const buildInfo = path.join(root, name, 'dist', '.tsbuildinfo');
      if (fs.existsSync(buildInfo)) fs.utimesSync(buildInfo, now, now);
    }
  }
  // The browser build and the server renderer: the older of the two says when the web was built.
  const webBuilt = Math.min(
    mtimeOf(path.join(root, 'web', 'dist', 'index.html')),
    mtimeOf(path.join(root, 'web', 'dist-server', 'entry-server.js')),
  );
  const webSources = Math.max(
    newestMtime(path.join(root, 'web', 'src')),
    newestMtime(path.join(root, 'web', 'public')),
    newestMtime(path.join(root, 'web', 'scripts')),
    newestMtime(path.join(root, 'contracts', 'src')),
    mtimeOf(path.join(root, 'web', 'index.html')),
  );
  // What npm start serves is a production build, whatever NODE_ENV the shell has (Vite builds
  // React's development version under NODE_ENV=development or test).
  if (force || webBuilt < 0 || webSources > webBuilt)
    run('npm', ['run', 'build', '-w', 'web'], { ...process.env, NODE_ENV: 'production' });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  buildIfNeeded({ force: process.argv.includes('--force') });
