// The hostile case of `npm run bench:match`: many concurrent uploads of heavy .docx files while
// ordinary matches go on, against the portal as an operator runs it — the built server
// (server/dist/main.js, built first as `npm start` does) in a process of its own, with the heap
// cap `npm start` gives it. Its resident memory is read from /proc: the kernel's high-water mark
// (reset just before the case) and samples every 20 ms.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchEngine } from '../../storage/src/index.js';
import { scriptHeapCapMb } from './import-build.js';
import { stopChild } from './import-support.js';
import { percentile } from './lib/load.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Upload {
  payload: Buffer;
  headers: Record<string, string>;
}

export interface HostileCase {
  name: string;
  /** The heavy upload, sent `count` times at once. */
  upload: Upload;
  count: number;
}

export interface HostileResult {
  name: string;
  peakRss: number;
  /** Status code → how many heavy uploads got it. */
  statuses: Map<number, number>;
  /** 503 answers without a Retry-After header (there should be none). */
  busyWithoutRetryAfter: number;
  normal: { requests: number; failed: number; p50: number; p95: number };
}

function buildServer() {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-needed.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('bench:match needs a build of the workspaces, and it failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  heapCapMb: number;
  stop(): Promise<void>;
}

/** The built portal on its own port and an empty data directory, searching `indexUid` in `engine`. */
export async function startServerProcess(engine: SearchEngine, indexUid: string): Promise<ServerProcess> {
  buildServer();
  const heapCapMb = scriptHeapCapMb('start');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-match-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [`--max-old-space-size=${heapCapMb}`, path.join(repoRoot, 'server', 'dist', 'main.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MEILI_URL: engine.url,
        MEILI_MASTER_KEY: engine.apiKey,
        MEILI_INDEX: indexUid,
        EMBEDDED_INDEXER: 'false',
        LOG_LEVEL: 'warn',
        // The bench sends far more than a person would from one address.
        MATCH_RATE_LIMIT_PER_IP: '1000000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', () => child.kill('SIGKILL'));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/är igång/.test(output)) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  return { url, pid: child.pid!, heapCapMb, stop };
}

async function post(url: string, upload: Upload) {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/ai/match`, {
      method: 'POST',
      headers: upload.headers,
      body: new Uint8Array(upload.payload),
    });
    await response.arrayBuffer();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch {
    return { status: 0, retryAfter: null, ms: performance.now() - started };
  }
}

/** Ordinary matches, one after another on each of `clients` connections, until `until` settles. */
async function normalTraffic(url: string, uploads: Upload[], until: Promise<unknown>, clients = 2) {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  // At least a few rounds, so the p95 has something to stand on even when the case is quick.
  const minimum = uploads.length;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done || latencies.length + failed < minimum) {
        const result = await post(url, uploads[next++ % uploads.length]!);
        if (result.status === 200) latencies.push(result.ms);
        else failed++;
      }
    }),
  );
  return {
    requests: latencies.length + failed,
    failed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

/** The server's resident memory now. */
export const currentRss = (server: ServerProcess) => statusField(server.pid, 'VmRSS');

/** Normal matches alone: the latency to compare the hostile case with. */
export async function quietLatency(server: ServerProcess, normal: Upload[]) {
  return normalTraffic(server.url, normal, Promise.resolve());
}

export async function runHostileCase(
  server: ServerProcess,
  hostile: HostileCase,
  normal: Upload[],
): Promise<HostileResult> {
  // Writing 5 to clear_refs resets the kernel's peak-RSS mark of the process (Linux ≥ 4.0).
  try {
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the samples below still catch the peak within 20 ms.
  }
  let sampled = statusField(server.pid, 'VmRSS');
  const sampler = setInterval(() => (sampled = Math.max(sampled, statusField(server.pid, 'VmRSS'))), 20);
  const heavy = Promise.all(Array.from({ length: hostile.count }, () => post(server.url, hostile.upload)));
  const [answers, normalResult] = await Promise.all([heavy, normalTraffic(server.url, normal, heavy)]);
  clearInterval(sampler);
  const peakRss = Math.max(sampled, statusField(server.pid, 'VmHWM'));
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  return {
    name: hostile.name,
    peakRss,
    statuses,
    busyWithoutRetryAfter: answers.filter((answer) => answer.status === 503 && !answer.retryAfter).length,
    normal: normalResult,
  };
}
