// `npm run bench:page-flood`: what a flood of server-rendered pages from one address costs
// everyone else (#24). Starts a portal in a process of its own (./lib/serve-page-flood-app.ts:
// embedded PGlite, --ads simulator ads, a temporary Meilisearch, the built web app, every rate
// limit at its default), then:
//   1. another visitor, from 127.0.0.2, fetches job pages (/jobb/{id} of live ads) one after
//      another, at most two a second — a brisk person, within the page-view limit — for
//      --quiet-seconds: its p50/p95 on a quiet portal;
//   2. the flood, from 127.0.0.1 (./lib/page-flood-load.ts): --connections connections ask for
//      /jobb?search=… with a text never asked before, for --seconds, while the visitor goes on.
// Printed: the flood's answers by status (429 = refused by the page-view limit), the visitor's
// p50/p95 quiet and under the flood and their ratio, its answers that were not 200, and the
// server's log (LOG_LEVEL, default warn) while the flood ran. Loopback only; stops by itself.
//   --ads N (3000)  --seconds S (20)  --connections C (64)  --quiet-seconds Q (15)
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureWebBuilt } from '../../web/e2e/support/web-build.js';
import { stopChild } from './import-support.js';
import { percentile } from './lib/load.js';
import { startTemporarySearchEngine } from './lib/search-engine.js';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    'quiet-seconds': { type: 'string', default: '15' },
  },
});
const here = path.dirname(fileURLToPath(import.meta.url));
const VISITOR_ADDRESS = '127.0.0.2';
/** The measuring visitor's pace: two pages a second stay within the default 120 a minute. */
const VISITOR_INTERVAL_MS = 500;

/** A TypeScript file of this folder in a child process (tsx, the bench's tsconfig). */
function spawnScript(file: string, env: Record<string, string>): ChildProcess {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return spawn(
    process.execPath,
    [tsx, '--tsconfig', path.join(here, 'tsconfig.json'), path.join(here, file)],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
}

/** The server's stdout: `listening <url>` once, then its log lines, counted. */
function watchServer(child: ChildProcess) {
  const log = { lines: 0, bytes: 0, sample: '' };
  let buffered = '';
  const url = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the portal exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const listening = /^listening (\S+)/.exec(line);
        if (listening) resolve(listening[1]!);
        else {
          log.lines++;
          log.bytes += line.length + 1;
          log.sample ||= line.slice(0, 300);
        }
      }
    });
  });
  return { url, log };
}

/** One GET from `localAddress`; the time to the last byte, in ms. */
function timedGet(agent: http.Agent, origin: string, pathname: string) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      `${origin}${pathname}`,
      { agent, headers: { accept: 'text/html,application/xhtml+xml' } },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
        response.once('error', reject);
      },
    );
    request.once('error', reject);
  });
}

/** The other visitor: job pages one after another until stopped, each sample in its phase. */
function startVisitor(origin: string, jobIds: readonly string[]) {
  const agent = new http.Agent({ keepAlive: true, localAddress: VISITOR_ADDRESS });
  const samples: { phase: string; ms: number; status: number }[] = [];
  let phase = 'warm-up';
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const started = performance.now();
      const id = jobIds[i % jobIds.length]!;
      const answer = await timedGet(agent, origin, `/jobb/${encodeURIComponent(id)}`);
      samples.push({ phase, ...answer });
      const wait = VISITOR_INTERVAL_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    samples,
    enter(next: string) {
      phase = next;
    },
    async stop() {
      stopped = true;
      await loop;
      agent.destroy();
    },
  };
}

async function liveJobIds(origin: string): Promise<string[]> {
  // From an address of its own: these API calls count against no one the bench measures.
  const agent = new http.Agent({ localAddress: '127.0.0.3' });
  const body = await new Promise<string>((resolve, reject) => {
    http
      .get(`${origin}/api/jobs/latest?limit=50`, { agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve(text));
      })
      .once('error', reject);
  });
  agent.destroy();
  return (JSON.parse(body) as { _id: string }[]).map((job) => job._id);
}

async function runFlood(origin: string): Promise<{
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  seconds: number;
}> {
  const child = spawnScript('lib/page-flood-load.ts', {
    FLOOD_URL: origin,
    FLOOD_CONNECTIONS: args.connections,
    FLOOD_SECONDS: args.seconds,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the flood exited with ${code}: ${output}`);
  return JSON.parse(output.trim().split('\n').pop()!) as Awaited<ReturnType<typeof runFlood>>;
}

const figures = (values: readonly number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
const ms = (value: number) => `${value.toFixed(1)} ms`;

await ensureWebBuilt();
const search = await startTemporarySearchEngine();
let server: ChildProcess | undefined;
try {
  console.log(`Startar portal: ${args.ads} annonser i PGlite och Meilisearch …`);
  server = spawnScript('lib/serve-page-flood-app.ts', {
    MEILI_URL: search.url,
    MEILI_MASTER_KEY: search.apiKey,
    MEILI_INDEX: 'jobs_page_flood',
    BENCH_ADS: args.ads,
    NODE_ENV: 'production',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=512`.trim(),
  });
  const watched = watchServer(server);
  const origin = await watched.url;
  const jobIds = await liveJobIds(origin);

  const visitor = startVisitor(origin, jobIds);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  visitor.enter('quiet');
  await new Promise((resolve) => setTimeout(resolve, Number(args['quiet-seconds']) * 1000));
  visitor.enter('flood');
  const logBefore = { ...watched.log };
  const flood = await runFlood(origin);
  const logDuring = {
    lines: watched.log.lines - logBefore.lines,
    bytes: watched.log.bytes - logBefore.bytes,
  };
  await visitor.stop();

  const of = (phase: string) => visitor.samples.filter((sample) => sample.phase === phase);
  const quiet = figures(of('quiet').map((sample) => sample.ms));
  const flooded = figures(of('flood').map((sample) => sample.ms));
  const total = Object.values(flood.statuses).reduce((sum, count) => sum + count, 0);
  const notOk = visitor.samples.filter((sample) => sample.phase !== 'warm-up' && sample.status !== 200);

  console.log(
    `\nFlod: ${args.connections} anslutningar från 127.0.0.1 i ${flood.seconds} s, /jobb?search=… med en ny text varje gång`,
  );
  console.log(
    `  ${total} svar (${(total / flood.seconds).toFixed(0)}/s): ${Object.entries(flood.statuses)
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ')}; ${flood.errors} anslutningsfel, ${flood.timeouts} timeouts`,
  );
  console.log(`Annan besökare (${VISITOR_ADDRESS}), jobbsidor /jobb/{id}, högst två i sekunden:`);
  console.log(`  utan flod:  p50 ${ms(quiet.p50)}  p95 ${ms(quiet.p95)}  (${of('quiet').length} sidor)`);
  console.log(`  under flod: p50 ${ms(flooded.p50)}  p95 ${ms(flooded.p95)}  (${of('flood').length} sidor)`);
  console.log(
    `  kvot under/utan: p50 ×${(flooded.p50 / quiet.p50).toFixed(2)}  p95 ×${(flooded.p95 / quiet.p95).toFixed(2)}`,
  );
  console.log(
    `  svar som inte var 200: ${notOk.length}${notOk.length ? ` (${notOk.map((sample) => sample.status).join(', ')})` : ''}`,
  );
  console.log(
    `Serverns logg under floden (LOG_LEVEL ${process.env.LOG_LEVEL ?? 'warn'}): ${logDuring.lines} rader, ${(logDuring.bytes / 1024).toFixed(1)} KB`,
  );
  if (watched.log.sample) console.log(`  första raden: ${watched.log.sample}`);
} finally {
  if (server) await stopChild(server);
  await search.close();
}
