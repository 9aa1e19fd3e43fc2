import { afterEach, describe, expect, it } from 'vitest';
import { createFeedClient, type FeedClientOptions } from './feed-client.js';
import { FeedHttpError, FeedTimeoutError, FeedUnavailableError } from './feed-errors.js';
import {
  collect,
  collectUntilError,
  json,
  memoryLogger,
  pause,
  startLocalFeedServer,
  status,
  type FeedHandler,
  type LocalFeedServer,
} from './local-feed-server.test-helper.js';
import { sampleAd } from './sample-ads.test-helper.js';

let server: LocalFeedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ads = [sampleAd(1), sampleAd(2)];
const apiKey = 'secret-key-123';

/** Waits are recorded and skipped; the clock jumps ahead as if they had happened. */
function virtualTime(start = Date.parse('2025-05-01T10:00:00Z')) {
  let time = start;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
  };
}

async function clientFor(handlers: FeedHandler[], options: Partial<FeedClientOptions> = {}) {
  server = await startLocalFeedServer(...handlers);
  const log = memoryLogger();
  const time = virtualTime();
  const client = createFeedClient({
    baseUrl: server.baseUrl,
    apiVersion: 'v1',
    apiKey,
    minRequestIntervalMs: 0,
    random: () => 0.5,
    logger: log.logger,
    now: time.now,
    sleep: time.sleep,
    ...options,
  });
  return { client, log, time };
}

describe('retries before the body starts', () => {
  it('waits for Retry-After seconds after a 429, then reads the answer', async () => {
    const { client, log, time } = await clientFor([status(429, { 'retry-after': '7' }), json(ads)]);
    expect(await collect(client.snapshot())).toEqual(ads);
    expect(server?.requests).toHaveLength(2);
    expect(time.sleeps).toEqual([7_000]);
    const retry = log.entries.find((entry) => entry.level === 'warn');
    expect(retry?.fields).toMatchObject({
      attempt: 1,
      status: 429,
      delayMs: 7_000,
      url: `${server?.baseUrl}/snapshot`,
    });
    expect(JSON.stringify(log.entries)).not.toContain(apiKey);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const { client, time } = await clientFor([
      status(429, { 'retry-after': 'Thu, 01 May 2025 10:00:30 GMT' }),
      json(ads),
    ]);
    await collect(client.snapshot());
    expect(time.sleeps).toEqual([30_000]);
  });

  it('never retries sooner than the request interval, whatever Retry-After says', async () => {
    const { client, time } = await clientFor([status(429, { 'retry-after': '1' }), json(ads)], {
      minRequestIntervalMs: 60_000,
    });
    await collect(client.snapshot());
    expect(time.sleeps).toEqual([60_000]);
  });

  it('rides out a burst of 5xx with growing, jittered backoff', async () => {
    const { client, log, time } = await clientFor([
      status(500),
      status(502),
      status(503),
      status(500),
      json(ads),
    ]);
    expect(await collect(client.snapshot())).toEqual(ads);
    expect(server?.requests).toHaveLength(5);
    // random() = 0.5 of a ceiling that doubles from 1 s.
    expect(time.sleeps).toEqual([500, 1_000, 2_000, 4_000]);
    const retries = log.entries.filter((entry) => entry.level === 'warn').map((entry) => entry.fields);
    expect(retries.map((fields) => [fields.attempt, fields.status])).toEqual([
      [1, 500],
      [2, 502],
      [3, 503],
      [4, 500],
    ]);
  });

  it('caps the backoff at retryMaxDelayMs', async () => {
    const { client, time } = await clientFor([status(503)], {
      maxAttempts: 12,
      retryMaxDelayMs: 10_000,
      random: () => 0.999999,
    });
    await collectUntilError(client.snapshot());
    expect(Math.max(...time.sleeps)).toBe(9_999);
  });

  it('gives up after maxAttempts with FeedUnavailableError carrying the last failure', async () => {
    const { client, log } = await clientFor([status(503)], { maxAttempts: 3 });
    const { error } = await collectUntilError(client.snapshot());
    expect(error).toBeInstanceOf(FeedUnavailableError);
    expect((error as FeedUnavailableError).attempts).toBe(3);
    expect((error as Error).cause).toBeInstanceOf(FeedHttpError);
    expect(((error as Error).cause as FeedHttpError).status).toBe(503);
    expect(server?.requests).toHaveLength(3);
    expect(log.entries.filter((entry) => entry.level === 'error')).toHaveLength(1);
  });

  it.each([400, 401, 403, 404])('does not retry HTTP %i', async (code) => {
    const { client } = await clientFor([status(code, {}, 'Ingen sådan resurs'), json(ads)]);
    const { error } = await collectUntilError(client.snapshot());
    expect(error).toBeInstanceOf(FeedHttpError);
    expect(error).toMatchObject({ status: code, bodyExcerpt: 'Ingen sådan resurs' });
    expect(server?.requests).toHaveLength(1);
  });

  it('retries a connection dropped before any response', async () => {
    const dropped: FeedHandler = (request) => {
      request.socket.destroy();
    };
    const { client, log } = await clientFor([dropped, json(ads)]);
    expect(await collect(client.snapshot())).toEqual(ads);
    expect(server?.requests).toHaveLength(2);
    expect(log.entries.find((entry) => entry.level === 'warn')?.fields).toMatchObject({ attempt: 1 });
  });

  it('retries when nothing listens, and reports the network error when it never comes up', async () => {
    server = await startLocalFeedServer(json(ads));
    const deadUrl = server.baseUrl;
    await server.close();
    server = undefined;
    const time = virtualTime();
    const client = createFeedClient({ baseUrl: deadUrl, apiVersion: 'v1', maxAttempts: 2, ...time });
    const { error } = await collectUntilError(client.snapshot());
    expect(error).toBeInstanceOf(FeedUnavailableError);
    expect(time.sleeps).toHaveLength(1);
    expect(((error as Error).cause as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('retries when the headers do not arrive within requestTimeoutMs', async () => {
    const slowHeaders: FeedHandler = async (_request, response) => {
      await pause(1_000);
      response.writeHead(200).end('[]');
    };
    const { client, log } = await clientFor([slowHeaders, json(ads)], { requestTimeoutMs: 150 });
    expect(await collect(client.snapshot())).toEqual(ads);
    expect(log.entries.find((entry) => entry.level === 'warn')?.fields.error).toMatch(
      /no response for 150 ms/,
    );
  });

  it('reports a header timeout as the cause when every attempt times out', async () => {
    const { client } = await clientFor([() => {}], { requestTimeoutMs: 100, maxAttempts: 2 });
    const started = performance.now();
    const { error } = await collectUntilError(client.snapshot());
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(FeedUnavailableError);
    expect((error as Error).cause).toBeInstanceOf(FeedTimeoutError);
    expect(((error as Error).cause as FeedTimeoutError).phase).toBe('headers');
  });
});

// Arrival times at the server also carry connection set-up jitter (tests run in parallel), hence
// 100 ms of slack (tests run three at a time on two cores); without the pacing the gaps would be
// near zero.
describe('real waiting', () => {
  it('really waits for Retry-After and for the interval between requests', async () => {
    server = await startLocalFeedServer(status(429, { 'retry-after': '1' }), json(ads));
    const client = createFeedClient({ baseUrl: server.baseUrl, apiVersion: 'v1', minRequestIntervalMs: 300 });
    await collect(client.snapshot());
    await collect(client.snapshot());
    const [first, second, third] = server.requests.map((request) => request.at);
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(third! - second!).toBeGreaterThanOrEqual(200);
  });

  it('spaces concurrent calls of one client by the interval', async () => {
    server = await startLocalFeedServer(json(ads));
    const client = createFeedClient({ baseUrl: server.baseUrl, apiVersion: 'v1', minRequestIntervalMs: 300 });
    await Promise.all([collect(client.snapshot()), collect(client.snapshot()), collect(client.snapshot())]);
    const times = server.requests.map((request) => request.at).sort((a, b) => a - b);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(200);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(200);
  });

  it('spaces retries by the interval even when the backoff is shorter', async () => {
    server = await startLocalFeedServer(status(500), status(500), json(ads));
    const client = createFeedClient({
      baseUrl: server.baseUrl,
      apiVersion: 'v1',
      minRequestIntervalMs: 300,
      retryBaseDelayMs: 1,
    });
    await collect(client.snapshot());
    const [first, second, third] = server.requests.map((request) => request.at);
    expect(second! - first!).toBeGreaterThanOrEqual(200);
    expect(third! - second!).toBeGreaterThanOrEqual(200);
  });
});

describe('abort', () => {
  const abortAfter = (ms: number) => AbortSignal.timeout(ms);

  async function expectPromptAbort(records: AsyncIterable<unknown>) {
    const started = performance.now();
    const { error } = await collectUntilError(records);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ name: 'TimeoutError' });
  }

  it('stops waiting for a Retry-After at once', async () => {
    server = await startLocalFeedServer(status(429, { 'retry-after': '60' }));
    const client = createFeedClient({ baseUrl: server.baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0 });
    await expectPromptAbort(client.snapshot({ signal: abortAfter(100) }));
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting for the request interval at once', async () => {
    server = await startLocalFeedServer(json(ads));
    const client = createFeedClient({
      baseUrl: server.baseUrl,
      apiVersion: 'v1',
      minRequestIntervalMs: 60_000,
    });
    await collect(client.snapshot());
    await expectPromptAbort(client.snapshot({ signal: abortAfter(100) }));
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting for headers at once, without retrying', async () => {
    server = await startLocalFeedServer(() => {});
    const client = createFeedClient({ baseUrl: server.baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0 });
    await expectPromptAbort(client.snapshot({ signal: abortAfter(100) }));
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces an abort mid-body as the abort, not as an incomplete body', async () => {
    server = await startLocalFeedServer(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`[${JSON.stringify(ads[0])},`);
      await pause(5_000);
      response.end(']');
    });
    const client = createFeedClient({ baseUrl: server.baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0 });
    await expectPromptAbort(client.snapshot({ signal: abortAfter(150) }));
  });
});
