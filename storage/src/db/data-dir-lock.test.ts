import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('data directory lock', () => {
  it('refuses a second holder while another live process has it, naming that process', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'jobbportalen.lock'), `${other.pid}\n`);
      let caught: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataDirLockedError);
      expect((caught as DataDirLockedError).holderPid).toBe(other.pid);
      expect((caught as Error).message).toContain(`pid ${other.pid}`);
      expect((caught as Error).message).toContain('setTimeout');
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'jobbportalen.lock'), '999999999\n');
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });

  it('can be taken again after release, and creates the directory', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    acquireDataDirLock(dir).release();
    const again = acquireDataDirLock(dir);
    expect(fs.existsSync(again.file)).toBe(true);
    again.release();
  });
});
