// `npm run bench:import`: a full snapshot of the simulated feed (50,000 ads, seed 1) imported by the
// indexer daemon into PGlite (on disk) and into PostgreSQL (a scratch database), each with a fresh
// embedded Meilisearch, timed until every ad is searchable; then the stream windows the daemon
// applies on its schedule, timed from fetch to searchable. Prints seconds, ads/s and peak RSS per
// database, CPU seconds, and the machine's load meanwhile.
// What is measured is what an operator runs: the workspaces are built first (as `npm run indexer`
// does), and the measured process is plain JS on that build, with no TypeScript loader in it and
// the daemon's Node flags (its heap cap, from package.json; import-build.ts). Only this
// orchestrating process and nothing it measures runs from the sources, through tsx.
//   npm run bench:import -- [--ads 50000] [--seed 1] [--databases pglite,postgres]
//     [--database-server postgres://postgres@127.0.0.1:5432/postgres] [--stream-rounds 3]
//     [--cpu-prof <dir>]   (writes a V8 CPU profile of each run there)
//     [--max-old-space-size <MB>]   (the V8 heap cap of the measured process; by default the one
//       `npm run indexer` gives the daemon in package.json)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildImportBench, scriptHeapCapMb } from './import-build.js';
import { mb, startSimulatorProcess } from './import-support.js';

const TARGET_SECONDS = 120;
const TARGET_RSS = 400 * 1024 * 1024;
const TARGET_STREAM_SECONDS = 5;

const { values } = parseArgs({
  options: {
    ads: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '1' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'database-server': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'stream-rounds': { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    'max-old-space-size': { type: 'string' },
  },
});

interface StreamRound {
  records: number;
  written: number;
  removed: number;
  applied: number;
  searchable: number;
}
interface RunResult {
  kind: string;
  ads: number;
  seconds: number;
  adsPerSecond: number;
  baselineRss: number;
  peakRss: number;
  peakHeap: number;
  maxRss: number;
  meiliPeakRss: number;
  meiliRssNow: number;
  /** CPU seconds spent during the import by this process, Meilisearch and the PostgreSQL backends. */
  cpu: { node: number; meili: number; postgres: number };
  stream: StreamRound[];
}

/** The 1-minute load average, sampled every 5 s while a run goes on. */
function sampleLoad() {
  const samples = [os.loadavg()[0]!];
  const timer = setInterval(() => samples.push(os.loadavg()[0]!), 5000);
  return () => {
    clearInterval(timer);
    samples.push(os.loadavg()[0]!);
    const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
    return { min: Math.min(...samples), mean, max: Math.max(...samples) };
  };
}

const built = buildImportBench();
const heapCapMb = values['max-old-space-size'] ?? String(scriptHeapCapMb('indexer'));

/** Runs the built import-run.js in a process of its own and returns what it printed as its RESULT. */
async function runChild<T>(runArgs: string[], profile = false): Promise<T> {
  const profiling =
    profile && values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${heapCapMb}`, ...profiling, built.runner, ...runArgs],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let result: T | undefined;
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as T;
      else console.log(line);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !result) throw new Error(`import-run ${runArgs.join(' ')} failed (exit ${code})`);
  return result;
}

/**
 * PGlite's first open of an empty data dir runs initdb, which alone takes some 700 MB that the
 * WebAssembly heap never gives back. That is a one-time cost of the first start, not of importing,
 * so the data dir is created in a process of its own first and its peak is reported apart.
 */
async function runOne(kind: string, feedUrl: string): Promise<RunResult & { initdbMaxRss?: number }> {
  const runArgs = ['--kind', kind, '--feed', feedUrl, '--database-server', values['database-server']];
  runArgs.push('--stream-rounds', values['stream-rounds']);
  if (kind !== 'pglite') return runChild<RunResult>(runArgs, true);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-bench-import-pglite-'));
  try {
    const prepared = await runChild<{ maxRss: number }>(['--prepare', '--data-dir', dataDir]);
    const result = await runChild<RunResult>([...runArgs, '--data-dir', dataDir], true);
    return { ...result, initdbMaxRss: prepared.maxRss };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(
  `bench:import — ${values.ads} ads (seed ${values.seed}), built daemon with --max-old-space-size=${heapCapMb}, ` +
    `${os.cpus().length} CPUs, node ${process.version}`,
);
const simulator = await startSimulatorProcess(built.simulator, {
  ads: Number(values.ads),
  seed: Number(values.seed),
  changeRate: 2,
});
const summary: string[] = [];
try {
  for (const kind of values.databases.split(',').map((k) => k.trim())) {
    console.log(
      `\n${kind}: load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    const stopLoad = sampleLoad();
    const result = await runOne(kind, simulator.url);
    const load = stopLoad();
    const streamSeconds = result.stream.map((round) => round.searchable);
    const lines = [
      `${kind}: ${result.ads} ads in ${result.seconds.toFixed(1)} s = ${result.adsPerSecond.toFixed(0)} ads/s ` +
        `(target ≤ ${TARGET_SECONDS} s: ${verdict(result.seconds <= TARGET_SECONDS)})`,
      `  peak RSS node ${mb(result.peakRss)} sampled, ${mb(result.maxRss)} kernel max, ` +
        `${mb(result.baselineRss)} before the import, heap peak ${mb(result.peakHeap)} ` +
        `(target ≤ ${mb(TARGET_RSS)}: ${verdict(Math.max(result.peakRss, result.maxRss) <= TARGET_RSS)}); ` +
        `Meilisearch peak ${mb(result.meiliPeakRss)}, after ${mb(result.meiliRssNow)}`,
      `  CPU during the import: node ${result.cpu.node.toFixed(0)} s, Meilisearch ${result.cpu.meili.toFixed(0)} s` +
        `${kind === 'postgres' ? `, PostgreSQL ${result.cpu.postgres.toFixed(0)} s` : ''} ` +
        `(${os.cpus().length} CPUs: ${((result.cpu.node + result.cpu.meili + result.cpu.postgres) / os.cpus().length).toFixed(0)} s if spread perfectly)`,
      `  stream fetch → searchable: ${streamSeconds.map((s) => s.toFixed(2)).join(' / ')} s, median ` +
        `${median(streamSeconds).toFixed(2)} s (target ≤ ${TARGET_STREAM_SECONDS} s: ` +
        `${verdict(Math.max(...streamSeconds) <= TARGET_STREAM_SECONDS)}); records per window ` +
        `${result.stream.map((round) => round.records).join(' / ')}`,
      ...(result.initdbMaxRss
        ? [
            `  (creating the empty PGlite data dir peaked at ${mb(result.initdbMaxRss)}, in a process of its own)`,
          ]
        : []),
      `  load average (1 min) during the run: min ${load.min.toFixed(2)}, mean ${load.mean.toFixed(2)}, max ${load.max.toFixed(2)}`,
    ];
    summary.push(...lines);
    console.log(lines.join('\n'));
  }
} finally {
  await simulator.stop();
}
console.log(`\nsummary\n${summary.join('\n')}`);
