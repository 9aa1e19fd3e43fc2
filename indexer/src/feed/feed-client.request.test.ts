import { afterEach, describe, expect, it } from 'vitest';
import { createFeedClient } from './feed-client.js';
import {
  collect,
  json,
  startLocalFeedServer,
  type LocalFeedServer,
} from './local-feed-server.test-helper.js';

let server: LocalFeedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Summer time starts 2025-03-30 at 02:00 CET; the window spans the missing hour.
const updatedAfter = new Date('2025-03-30T00:45:00Z'); // 01:45:00 CET
const updatedBefore = new Date('2025-03-30T01:15:30Z'); // 03:15:30 CEST

async function serve() {
  server = await startLocalFeedServer(json([]));
  return server;
}

describe('what the client asks for', () => {
  it('v1: /snapshot and /stream?date=…&updated-before-date=… in Stockholm time', async () => {
    const { baseUrl, requests } = await serve();
    const client = createFeedClient({ baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0 });
    await collect(client.snapshot());
    await collect(client.stream({ updatedAfter, updatedBefore }));
    expect(requests.map((request) => request.path)).toEqual([
      '/snapshot',
      '/stream?date=2025-03-30T01%3A45%3A00&updated-before-date=2025-03-30T03%3A15%3A30',
    ]);
  });

  it('v2: /v2/snapshot and /v2/stream?updated-after=…&updated-before=…', async () => {
    const { baseUrl, requests } = await serve();
    const client = createFeedClient({ baseUrl: `${baseUrl}/`, apiVersion: 'v2', minRequestIntervalMs: 0 });
    await collect(client.snapshot());
    await collect(client.stream({ updatedAfter, updatedBefore }));
    expect(requests[0]?.path).toBe('/v2/snapshot');
    const stream = new URL(requests[1]?.path ?? '', baseUrl);
    expect(stream.pathname).toBe('/v2/stream');
    expect(Object.fromEntries(stream.searchParams)).toEqual({
      'updated-after': '2025-03-30T01:45:00',
      'updated-before': '2025-03-30T03:15:30',
    });
  });

  it('sends the api-key header only when a key is configured, and always accepts JSON', async () => {
    const { baseUrl, requests } = await serve();
    await collect(
      createFeedClient({ baseUrl, apiVersion: 'v1', apiKey: 'k-42', minRequestIntervalMs: 0 }).snapshot(),
    );
    await collect(createFeedClient({ baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0 }).snapshot());
    await collect(
      createFeedClient({ baseUrl, apiVersion: 'v1', apiKey: '', minRequestIntervalMs: 0 }).snapshot(),
    );
    expect(requests.map((request) => request.headers['api-key'])).toEqual(['k-42', undefined, undefined]);
    expect(requests.every((request) => request.headers.accept === 'application/json')).toBe(true);
  });

  it('does not touch the network until iteration starts', async () => {
    const { baseUrl, requests } = await serve();
    const client = createFeedClient({ baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0 });
    const records = client.snapshot();
    expect(requests).toHaveLength(0);
    await collect(records);
    expect(requests).toHaveLength(1);
  });

  it('rejects a window that ends before it starts', () => {
    const client = createFeedClient({ apiVersion: 'v1' });
    expect(() => client.stream({ updatedAfter: updatedBefore, updatedBefore: updatedAfter })).toThrow(
      RangeError,
    );
  });

  it('reports every bad option at once', () => {
    expect(() =>
      createFeedClient({
        apiVersion: 'v3' as 'v1',
        baseUrl: 'jobstream.example',
        maxAttempts: 0,
        idleTimeoutMs: -1,
      }),
    ).toThrow(/apiVersion.*baseUrl.*maxAttempts.*idleTimeoutMs/);
  });
});
