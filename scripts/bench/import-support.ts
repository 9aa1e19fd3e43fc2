// Helpers for `npm run bench:import`: the feed simulator as a child process, a throwaway
// PostgreSQL database, and memory sampling of this process and of Meilisearch.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';

export interface SimulatorProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The JobStream simulator (its built cli.js) in its own process, so that generating and serialising
 * the feed does not count against the indexer's CPU or memory. Its clock runs at real speed, so the
 * indexer's own clock and the feed's agree without any plumbing.
 */
export async function startSimulatorProcess(
  cli: string,
  options: { ads: number; seed: number; changeRate: number },
): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    [cli, '--port', '0', '--ads', String(options.ads), '--seed', String(options.seed)].concat([
      '--change-rate',
      String(options.changeRate),
      '--speed',
      '1',
      '--quiet',
    ]),
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}): ${output}`)));
  });
  return { url, stop: () => stopChild(child) };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** A fresh database on the server at `serverUrl`; drop() removes it again. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `jobbportalen_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Resident memory of a process in bytes, from /proc (0 once it is gone). */
export function processRss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The Meilisearch binary (not its sh guardian) running on a data dir under `dataDir`. */
export function findMeilisearchPid(dataDir: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.endsWith('meilisearch') && argv.some((arg) => arg.startsWith(dataDir)))
        return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** CPU seconds (user + system) a process has used so far, from /proc (0 once it is gone). */
export function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may contain spaces) start at ") ": utime is 14th, stime 15th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the PostgreSQL backends serving `database` (their process titles name it). */
export function postgresBackendCpuSeconds(database: string): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `))
        total += processCpuSeconds(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** Samples this process's RSS (and Meilisearch's, when given) every 100 ms and keeps the peaks. */
export function startMemorySampler(meiliPid: number | null) {
  const peak = { node: process.memoryUsage().rss, heap: 0, meili: meiliPid ? processRss(meiliPid) : 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.node = Math.max(peak.node, usage.rss);
    peak.heap = Math.max(peak.heap, usage.heapUsed);
    if (meiliPid) peak.meili = Math.max(peak.meili, processRss(meiliPid));
  };
  const timer = setInterval(sample, 100);
  return {
    peak,
    stop() {
      clearInterval(timer);
      sample();
      return { ...peak };
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
