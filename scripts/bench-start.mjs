// `npm run bench:start`: seconds from process start to /readyz = 200, for a cold start (empty
// DATA_DIR: database created and migrated, Meilisearch binary copied and started) and a warm
// restart on the same data. The build itself is not counted (run-built.mjs does it first).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function timeToReady(dataDir) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMBEDDED_INDEXER: 'false',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
}

const cold = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bench-start-'));
  try {
    cold.push(await timeToReady(dataDir));
    warm.push(await timeToReady(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const fmt = (values) =>
  `median ${[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(2)} s (runs: ${values.map((v) => v.toFixed(2)).join(', ')})`;
console.log(`cold start to ready (empty DATA_DIR): ${fmt(cold)}`);
console.log(`warm restart to ready (same DATA_DIR): ${fmt(warm)}`);
