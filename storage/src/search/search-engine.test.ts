import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSearchEngine, type SearchEngine } from './search-engine.js';

const dirs: string[] = [];
const engines: SearchEngine[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-meili-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const meiliPids = (dataDir: string) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmd.includes('--db-path') && cmd.includes(dataDir) && !cmd.includes('meilisearch-guardian');
      } catch {
        return false;
      }
    })
    .map(Number);

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}

describe('embedded Meilisearch', () => {
  it('starts with a generated master key that begins with a hyphen', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'secrets'));
    fs.writeFileSync(path.join(dataDir, 'secrets', 'meili-master-key'), `-4${'k'.repeat(40)}\n`);
    const engine = await openSearchEngine({ dataDir });
    engines.push(engine);
    expect((await engine.health()).ok).toBe(true);
  });

  it('keeps the master key off every command line (ps shows arguments to all local users)', async () => {
    const dataDir = tempDir();
    const key = `secret-${'k'.repeat(40)}`;
    fs.mkdirSync(path.join(dataDir, 'secrets'));
    fs.writeFileSync(path.join(dataDir, 'secrets', 'meili-master-key'), `${key}\n`);
    const engine = await openSearchEngine({ dataDir });
    engines.push(engine);
    // Meilisearch enforces the key, so it did receive it (through its environment).
    expect((await fetch(`${engine.url}/indexes`)).status).toBe(401);
    const ourChildren = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          return '';
        }
      })
      .filter((cmd) => cmd.includes(dataDir));
    // The guardian shell and Meilisearch itself.
    expect(ourChildren.length).toBeGreaterThanOrEqual(2);
    for (const cmd of ourChildren) expect(cmd).not.toContain(key);
  });

  it('starts on 127.0.0.1 with a master key kept in the data dir, and keeps data across restarts', async () => {
    const dataDir = tempDir();
    const first = await openSearchEngine({ dataDir });
    engines.push(first);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await first.health()).ok).toBe(true);
    // The key is enforced: an anonymous request is refused.
    expect((await fetch(`${first.url}/indexes`)).status).toBe(401);
    await first.client.createIndex('persist').waitTask();
    await first.close();
    engines.pop();
    expect(meiliPids(dataDir)).toEqual([]);

    const second = await openSearchEngine({ dataDir });
    engines.push(second);
    expect(second.apiKey).toBe(first.apiKey);
    expect((await second.client.getIndex('persist')).uid).toBe('persist');
  });

  it('reports a crashed child through health(), then restarts it', async () => {
    const dataDir = tempDir();
    const engine = await openSearchEngine({ dataDir });
    engines.push(engine);
    const [pid] = meiliPids(dataDir);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    // The exit is noticed (not just a failed request) and named in the health report.
    await waitFor(async () => /exited unexpectedly/.test((await engine.health()).reason ?? ''));
    expect((await engine.health()).ok).toBe(false);
    await waitFor(async () => (await engine.health()).ok, 20_000);
  });

  it('leaves no Meilisearch behind when its parent process is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const script = fileURLToPath(new URL('./fixtures/hold-search-engine.ts', import.meta.url));
    const parent = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      parent.once('exit', (code) => reject(new Error(`holder exited early (${code})`)));
    });
    const [pid] = meiliPids(dataDir);
    expect(pid && isAlive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await waitFor(() => !isAlive(pid!));
    expect(meiliPids(dataDir)).toEqual([]);
  });
});
