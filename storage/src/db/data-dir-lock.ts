import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly holderCommand: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${holderPid}: ${holderCommand}). ` +
        'Stop that process first, or start with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

const LOCK_FILE = 'jobbportalen.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the lock.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandOf(pid: number): string {
  try {
    return (
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') ||
      'unknown command'
    );
  } catch {
    return 'unknown command';
  }
}

/**
 * PGlite keeps no lock on its data directory, and two processes writing the same files corrupt
 * it. We hold a lock file with our pid; a lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holderPid = Number.parseInt(readQuietly(file), 10);
      if (Number.isInteger(holderPid) && holderPid > 0 && holderPid !== process.pid && isAlive(holderPid)) {
        throw new DataDirLockedError(dataDir, holderPid, commandOf(holderPid));
      }
      // Stale lock (holder gone, or a half-written file): remove it and race for it again.
      // Only one of several racing processes can win the `wx` open above.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

function readQuietly(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
