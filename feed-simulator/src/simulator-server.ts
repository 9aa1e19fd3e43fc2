import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkFaults, FaultState, type FeedFaults } from './feed-faults.js';
import { FeedTimeline, type CorpusDescription } from './feed-timeline.js';
import type { JobStreamAd, JobStreamRecord } from './jobstream-shape.js';
import { hashInts, Random } from './prng.js';
import { writeRecords, type BodyFormat } from './record-writer.js';
import { SimulatorClock } from './simulator-clock.js';
import { formatStockholm, parseStockholm } from './stockholm-clock.js';

export interface FeedSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Live ads at start (default 1000). */
  ads?: number;
  seed?: number;
  /** Changes per second of simulated time across the corpus (default 1). */
  changeRatePerSecond?: number;
  /** Simulated seconds per real second; 0 freezes the clock (tests then use advance). Default 1. */
  speed?: number;
  /** T0, epoch ms (default: now, whole seconds). */
  startTime?: number;
  faults?: Partial<FeedFaults>;
  /**
   * Changes every ad before it is served (snapshot and stream; removals are left as they are), so
   * a test can send text of its choosing through the real feed path: client, normaliser, database.
   */
  rewriteAd?: (ad: JobStreamAd) => JobStreamAd;
  /** Receives one line per request. */
  log?: (line: string) => void;
}

export interface SimulatorStats {
  /** Requests per endpoint path ('/snapshot', '/v2/stream', '/health', …). */
  requests: Record<string, number>;
  /** Responses per HTTP status. */
  statuses: Record<string, number>;
  /** Requests that carried an api-key header. */
  withApiKey: number;
  recordsServed: number;
  malformedServed: number;
  truncatedResponses: number;
}

export interface FeedSimulator {
  url: string;
  port: number;
  timeline: FeedTimeline;
  /** Current simulated time, epoch ms. */
  now(): number;
  /** Moves simulated time forward; returns the new time. */
  advance(ms: number): number;
  setSpeed(speed: number): void;
  faults(): FeedFaults;
  setFaults(update: Partial<FeedFaults>): FeedFaults;
  clearFaults(): void;
  stats(): SimulatorStats;
  describe(): CorpusDescription;
  close(): Promise<void>;
}

const FEED_PATHS = new Set(['/snapshot', '/stream', '/v2/snapshot', '/v2/stream']);

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

function timeParameter(url: URL, name: string, required: boolean): number | null {
  const value = url.searchParams.get(name);
  if (value === null || value === '') {
    if (required) throw new HttpProblem(400, `Parametern ${name} saknas (format YYYY-MM-DDTHH:MM:SS)`);
    return null;
  }
  const parsed = parseStockholm(value);
  if (parsed === null) throw new HttpProblem(400, `Ogiltig tid i ${name}: ${value}`);
  return parsed;
}

function wantsJsonLines(request: IncomingMessage, url: URL): boolean {
  const format = url.searchParams.get('format');
  if (format) return format === 'jsonl' || format === 'ndjson';
  return /application\/(x-)?(ndjson|jsonl)/.test(request.headers.accept ?? '');
}

async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  try {
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the same answer as a non-object
  }
  throw new HttpProblem(400, 'The body must be a JSON object');
}

function* rewritten(
  records: Iterable<JobStreamRecord>,
  rewrite: (ad: JobStreamAd) => JobStreamAd,
): Generator<JobStreamRecord> {
  for (const record of records) yield record.removed ? record : rewrite(record);
}

/** Starts an HTTP server that behaves like JobStream (v1 and v2) over a deterministic, changing corpus. */
export async function startFeedSimulator(options: FeedSimulatorOptions = {}): Promise<FeedSimulator> {
  const seed = options.seed ?? 1;
  const startTime = options.startTime ?? Math.floor(Date.now() / 1000) * 1000;
  const timeline = new FeedTimeline({
    seed,
    ads: options.ads ?? 1000,
    startTime,
    changeRatePerSecond: options.changeRatePerSecond ?? 1,
  });
  const clock = new SimulatorClock(startTime, options.speed ?? 1);
  const faults = new FaultState(options.faults);
  const stats: SimulatorStats = {
    requests: {},
    statuses: {},
    withApiKey: 0,
    recordsServed: 0,
    malformedServed: 0,
    truncatedResponses: 0,
  };
  let requestNumber = 0;

  async function serveFeed(request: IncomingMessage, response: ServerResponse, url: URL): Promise<string> {
    const path = url.pathname;
    const isSnapshot = path.endsWith('/snapshot');
    const decided = faults.forRequest(isSnapshot);
    if (decided.delayMs > 0) await sleep(decided.delayMs);
    if (decided.status === 429) {
      sendJson(
        response,
        429,
        { message: 'Too many requests' },
        { 'retry-after': String(decided.retryAfterSeconds) },
      );
      return 'rate limited';
    }
    if (decided.status === 500) {
      sendJson(response, 500, { message: 'Internal server error' });
      return 'server error';
    }
    const now = clock.now();
    let records: Iterable<JobStreamRecord>;
    if (isSnapshot) {
      records = timeline.snapshotAt(now);
    } else {
      const v2 = path.startsWith('/v2/');
      const from = timeParameter(url, v2 ? 'updated-after' : 'date', true) as number;
      const to = Math.min(
        timeParameter(url, v2 ? 'updated-before' : 'updated-before-date', false) ?? now,
        now,
      );
      const changes = from < to ? timeline.changesBetween(from, to) : [];
      records = (function* () {
        for (const change of changes) yield timeline.recordFor(change);
      })();
    }
    if (options.rewriteAd) records = rewritten(records, options.rewriteAd);
    const format: BodyFormat = path.startsWith('/v2/') && wantsJsonLines(request, url) ? 'jsonl' : 'json';
    response.writeHead(200, {
      'content-type':
        format === 'jsonl' ? 'application/x-ndjson; charset=utf-8' : 'application/json; charset=utf-8',
    });
    const result = await writeRecords(response, records, {
      format,
      truncateAfterBytes: decided.truncateAfterBytes,
      breakJson: decided.breakJson,
      malformedRate: decided.malformedRate,
      random: new Random(hashInts(seed, ++requestNumber, 0xfa17)),
    });
    stats.recordsServed += result.records;
    stats.malformedServed += result.malformed;
    if (result.truncated) stats.truncatedResponses++;
    const notes = [
      result.truncated ? 'truncated' : '',
      result.aborted ? 'client gone' : '',
      decided.breakJson ? 'broken json' : '',
    ];
    return `${result.records} records, ${result.bytes} bytes ${notes.filter(Boolean).join(' ')}`.trim();
  }

  async function serveControl(request: IncomingMessage, response: ServerResponse, url: URL): Promise<string> {
    const state = () => ({
      now: formatStockholm(clock.now()),
      speed: clock.speed,
      faults: faults.get(),
      corpus: timeline.describe(clock.now()),
      stats,
    });
    if (url.pathname === '/__simulator/state' && request.method === 'GET') sendJson(response, 200, state());
    else if (url.pathname === '/__simulator/faults' && request.method === 'POST') {
      const update = await readJsonBody(request);
      if (update.clear === true) faults.clear();
      else faults.set(checkFaults(update));
      sendJson(response, 200, state());
    } else if (url.pathname === '/__simulator/advance' && request.method === 'POST') {
      const ms = Number(url.searchParams.get('ms'));
      if (!Number.isFinite(ms) || ms < 0) throw new HttpProblem(400, 'ms must be a number ≥ 0');
      clock.advance(ms);
      sendJson(response, 200, state());
    } else throw new HttpProblem(404, 'Unknown simulator control');
    return '';
  }

  const server = createServer((request, response) => {
    const started = Date.now();
    const url = new URL(request.url ?? '/', 'http://simulator');
    const path = url.pathname;
    stats.requests[path] = (stats.requests[path] ?? 0) + 1;
    const apiKey = request.headers['api-key'];
    if (apiKey) stats.withApiKey++;
    const handle = async (): Promise<string> => {
      if (FEED_PATHS.has(path)) {
        if (request.method !== 'GET') throw new HttpProblem(405, 'Only GET is supported');
        return serveFeed(request, response, url);
      }
      if (path === '/health') {
        sendJson(response, 200, { status: 'ok', now: formatStockholm(clock.now()) });
        return '';
      }
      if (path.startsWith('/__simulator/')) return serveControl(request, response, url);
      throw new HttpProblem(404, `Okänd sökväg: ${path}`);
    };
    handle()
      .catch((error: unknown) => {
        const status = error instanceof HttpProblem ? error.status : error instanceof RangeError ? 400 : 500;
        if (!response.headersSent)
          sendJson(response, status, { message: error instanceof Error ? error.message : 'Error' });
        else response.destroy();
        return error instanceof Error ? error.message : String(error);
      })
      .then((detail) => {
        stats.statuses[response.statusCode] = (stats.statuses[response.statusCode] ?? 0) + 1;
        const key = apiKey ? ' (api-key given)' : '';
        options.log?.(
          `${request.method} ${request.url} → ${response.statusCode} in ${Date.now() - started} ms${key} ${detail}`.trim(),
        );
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    timeline,
    now: () => clock.now(),
    advance: (ms) => clock.advance(ms),
    setSpeed: (speed) => {
      clock.speed = speed;
    },
    faults: () => faults.get(),
    setFaults: (update) => faults.set(update),
    clearFaults: () => faults.clear(),
    stats: () => structuredClone(stats),
    describe: () => timeline.describe(clock.now()),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
