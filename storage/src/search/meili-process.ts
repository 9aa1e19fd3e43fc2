import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from './free-port.js';

/**
 * Runs Meilisearch as a child of this process. The child is started through a tiny `sh`
 * guardian that kills it as soon as our end of its stdin pipe closes — which the kernel does
 * when this process dies in any way, SIGKILL included — so a killed app or test run never
 * leaves a Meilisearch behind.
 */
const GUARDIAN = [
  '"$@" &',
  'child=$!',
  // On TERM (stop() signals the whole group) wait until Meilisearch has really exited, so the
  // guardian's own exit — which stop() awaits — means the child is gone too.
  'trap \'kill -TERM "$child" 2>/dev/null; wait "$child"; kill "$watcher" 2>/dev/null; exit 143\' TERM',
  '(while read -r _; do :; done; kill -TERM "$child" 2>/dev/null) <&3 &',
  'watcher=$!',
  'wait "$child"',
  'status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

export interface MeiliProcessOptions {
  binary: string;
  dataDir: string;
  masterKey: string;
  port?: number;
  /** Called once when the child exits without having been asked to. */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null, stderrTail: string) => void;
  startupTimeoutMs?: number;
}

export interface MeiliProcess {
  readonly url: string;
  readonly pid: number;
  isRunning(): boolean;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, stderr: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Meilisearch exited during start (code ${child.exitCode}): ${stderr()}`);
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Meilisearch did not become healthy within ${timeoutMs} ms: ${stderr()}`);
}

export async function startMeiliProcess(options: MeiliProcessOptions): Promise<MeiliProcess> {
  const port = options.port ?? (await findFreePort());
  const url = `http://127.0.0.1:${port}`;
  const meiliDir = path.join(options.dataDir, 'meili');
  fs.mkdirSync(meiliDir, { recursive: true });
  const args = [
    '--db-path', path.join(meiliDir, 'data.ms'),
    '--dump-dir', path.join(meiliDir, 'dumps'),
    '--snapshot-dir', path.join(meiliDir, 'snapshots'),
    '--http-addr', `127.0.0.1:${port}`,
    '--env', 'production',
    '--no-analytics',
    '--log-level', 'WARN',
  ]; // prettier-ignore
  const child = spawn('/bin/sh', ['-c', GUARDIAN, 'meilisearch-guardian', options.binary, ...args], {
    // The key goes in the environment, not on the command line: every local user can read a
    // process's arguments (ps, /proc/<pid>/cmdline), only its owner can read its environment.
    env: { ...process.env, MEILI_MASTER_KEY: options.masterKey },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stop() can end the guardian and Meilisearch together
  });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
  });
  let stopping = false;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  // A normal exit of this process (including process.exit) ends the child synchronously.
  const onProcessExit = () => killGroup('SIGTERM');
  process.once('exit', onProcessExit);
  child.once('exit', (code, signal) => {
    process.removeListener('exit', onProcessExit);
    if (!stopping) options.onUnexpectedExit?.(code, signal, stderrTail);
  });

  try {
    await waitForHealth(url, child, options.startupTimeoutMs ?? 60_000, () => stderrTail);
  } catch (error) {
    stopping = true;
    killGroup('SIGKILL');
    throw error;
  }

  return {
    url,
    pid: child.pid ?? -1,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (stopping) return;
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
