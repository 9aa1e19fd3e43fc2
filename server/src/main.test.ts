import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@jobbportalen/test-support/free-port';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-main-'));
const children: ChildProcess[] = [];

function startMain(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMBEDDED_INDEXER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('not ready in time');
}

const meiliProcessesFor = (dir: string) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join(dir, 'meili'));
      } catch {
        return false;
      }
    });

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the one-process portal (npm start)', () => {
  it('becomes ready, refuses a second process on the same DATA_DIR, stops cleanly on SIGINT and keeps its data', async () => {
    // Ports the system has just handed out as free: a random pick in 20000–40000 could be one
    // another test's connection holds.
    const port = await freePort();
    const first = startMain(port);
    await waitReady(port);

    const second = startMain(await freePort());
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another process \(pid \d+/);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(meiliProcessesFor(dataDir)).toEqual([]);

    // A restart opens the same database and search data.
    const again = startMain(port);
    await waitReady(port);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'secrets', 'jwt-secret'))).toBe(true);
  }, 120_000);
});
