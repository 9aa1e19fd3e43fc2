import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobStreamRecord } from './jobstream-shape.js';
import { startFeedSimulator, type FeedSimulator } from './simulator-server.js';
import { formatStockholm } from './stockholm-clock.js';

const T0 = Date.UTC(2025, 4, 12, 6, 0, 0);
const ADS = 150;
let simulator: FeedSimulator;

beforeAll(async () => {
  simulator = await startFeedSimulator({
    ads: ADS,
    seed: 21,
    startTime: T0,
    speed: 0,
    changeRatePerSecond: 2,
  });
});
afterAll(() => simulator.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${simulator.url}${path}`, { headers });
const getJson = async (path: string, headers: Record<string, string> = {}) =>
  (await (await get(path, headers)).json()) as JobStreamRecord[];

describe('feed endpoints', () => {
  it('answers /health and counts requests per endpoint and api keys', async () => {
    const before = simulator.stats();
    const health = await get('/health');
    expect(await health.json()).toEqual({ status: 'ok', now: formatStockholm(simulator.now()) });
    await get('/snapshot', { 'api-key': 'hemlig' });
    const after = simulator.stats();
    expect(after.requests['/health']).toBe((before.requests['/health'] ?? 0) + 1);
    expect(after.requests['/snapshot']).toBe((before.requests['/snapshot'] ?? 0) + 1);
    expect(after.withApiKey).toBe(before.withApiKey + 1);
  });

  it('serves the v1 snapshot as one JSON array of the live ads', async () => {
    const response = await get('/snapshot');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const ads = (await response.json()) as Array<{ id: string; removed: boolean }>;
    expect(ads).toHaveLength(simulator.describe().notRemoved);
    expect(ads.every((ad) => typeof ad.id === 'string' && ad.removed === false)).toBe(true);
  });

  it('streams the changes of a window that, applied to the snapshot, give the later snapshot', async () => {
    const start = simulator.now();
    const before = await getJson('/snapshot');
    simulator.advance(90_000);
    const later = await getJson('/snapshot');
    const changes = await getJson(
      `/stream?date=${formatStockholm(start)}&updated-before-date=${formatStockholm(simulator.now())}`,
    );
    expect(changes.length).toBeGreaterThan(100);
    const state = new Map(before.map((ad) => [String(ad.id), ad]));
    for (const record of changes) {
      if (record.removed) state.delete(String(record.id));
      else state.set(record.id, record);
    }
    expect([...state.keys()].sort()).toEqual(later.map((ad) => String(ad.id)).sort());
    const timestamps = (ads: Iterable<JobStreamRecord>) =>
      [...ads].map((ad) => ('timestamp' in ad ? ad.timestamp : 0)).sort();
    expect(timestamps(state.values())).toEqual(timestamps(later));
  });

  it('never reports the future, and rejects a stream request without a valid date', async () => {
    const future = formatStockholm(simulator.now() + 3_600_000);
    const changes = await getJson(
      `/stream?date=${formatStockholm(simulator.now() - 60_000)}&updated-before-date=${future}`,
    );
    expect(changes.every((record) => !('timestamp' in record) || record.timestamp < simulator.now())).toBe(
      true,
    );
    expect((await get('/stream')).status).toBe(400);
    expect((await get('/stream?date=igår')).status).toBe(400);
    expect((await get('/nowhere')).status).toBe(404);
  });

  it('serves v2 as a JSON array by default and as JSON lines on request', async () => {
    const from = formatStockholm(simulator.now() - 60_000);
    const asArray = await getJson(`/v2/stream?updated-after=${from}`);
    const viaAccept = await get(`/v2/stream?updated-after=${from}`, { accept: 'application/x-ndjson' });
    expect(viaAccept.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await viaAccept.text()).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as JobStreamRecord)).toEqual(asArray);
    const viaQuery = await (await get(`/v2/snapshot?format=jsonl`)).text();
    const snapshot = await getJson('/v2/snapshot');
    expect(
      viaQuery
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as JobStreamRecord).id),
    ).toEqual(snapshot.map((ad) => ad.id));
  });

  it('moves the clock and sets faults through the control endpoints', async () => {
    const before = simulator.now();
    const advanced = await fetch(`${simulator.url}/__simulator/advance?ms=60000`, { method: 'POST' });
    expect(advanced.status).toBe(200);
    expect(simulator.now()).toBe(before + 60_000);
    const set = await fetch(`${simulator.url}/__simulator/faults`, {
      method: 'POST',
      body: '{"serverErrorNext": 1}',
    });
    expect(((await set.json()) as { faults: { serverErrorNext: number } }).faults.serverErrorNext).toBe(1);
    expect((await get('/snapshot')).status).toBe(500);
    const bad = await fetch(`${simulator.url}/__simulator/faults`, {
      method: 'POST',
      body: '{"serverErrorNext": -1}',
    });
    expect(bad.status).toBe(400);
  });
});

describe('fault injection', () => {
  beforeEach(() => simulator.clearFaults());

  it('answers 429 with Retry-After to the next K feed requests only', async () => {
    simulator.setFaults({ rateLimitNext: 2, retryAfterSeconds: 30 });
    const first = await get('/snapshot');
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '30']);
    expect((await get('/health')).status).toBe(200);
    expect((await get(`/stream?date=${formatStockholm(T0)}`)).status).toBe(429);
    expect((await get('/snapshot')).status).toBe(200);
    expect(simulator.stats().statuses['429']).toBeGreaterThanOrEqual(2);
  });

  it('answers 500 to the next K feed requests', async () => {
    simulator.setFaults({ serverErrorNext: 1 });
    expect((await get('/v2/snapshot')).status).toBe(500);
    expect((await get('/v2/snapshot')).status).toBe(200);
  });

  it('delays responses', async () => {
    simulator.setFaults({ delayMs: 300 });
    const started = performance.now();
    await (await get(`/stream?date=${formatStockholm(T0)}`)).arrayBuffer();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('cuts a snapshot off after X bytes by destroying the socket', async () => {
    simulator.setFaults({ truncateSnapshotNext: 1, truncateAfterBytes: 5000 });
    const response = await get('/snapshot');
    const reader = response.body!.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toThrow();
    expect(received).toBe(5000);
    const whole = await (await get('/snapshot')).text();
    expect(whole.length).toBeGreaterThan(5000);
    expect(() => JSON.parse(whole) as unknown).not.toThrow();
    expect(simulator.stats().truncatedResponses).toBeGreaterThanOrEqual(1);
  });

  it('replaces a given share of records with malformed ones', async () => {
    const isWellFormed = (record: unknown) =>
      typeof record === 'object' &&
      record !== null &&
      !Array.isArray(record) &&
      (typeof (record as { id?: unknown }).id === 'string' ||
        typeof (record as { id?: unknown }).id === 'number') &&
      (record as { id: string }).id !== '' &&
      ((record as { removed?: unknown }).removed === true ||
        typeof (record as { headline?: unknown }).headline === 'string');
    simulator.setFaults({ malformedRate: 1 });
    const all = (await (await get('/snapshot')).json()) as unknown[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter(isWellFormed)).toHaveLength(0);
    simulator.setFaults({ malformedRate: 0.3 });
    const before = simulator.stats().malformedServed;
    const mixed = (await (await get('/snapshot')).json()) as unknown[];
    const bad = mixed.filter((record) => !isWellFormed(record)).length;
    expect(bad).toBeGreaterThan(mixed.length * 0.15);
    expect(bad).toBeLessThan(mixed.length * 0.45);
    expect(simulator.stats().malformedServed - before).toBe(bad);
  });

  it('breaks the JSON of the next K bodies: an unparsable array, or one bad JSON line', async () => {
    simulator.setFaults({ invalidJsonNext: 2 });
    const broken = await (await get('/snapshot')).text();
    expect(() => JSON.parse(broken) as unknown).toThrow();
    const lines = (await (await get('/v2/snapshot', { accept: 'application/x-ndjson' })).text())
      .trimEnd()
      .split('\n');
    const unparsable = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsable).toHaveLength(1);
    const healed = await (await get('/snapshot')).text();
    expect(() => JSON.parse(healed) as unknown).not.toThrow();
  });

  it('takes faults from the start options', async () => {
    const other = await startFeedSimulator({ ads: 5, startTime: T0, speed: 0, faults: { rateLimitNext: 1 } });
    try {
      expect((await fetch(`${other.url}/snapshot`)).status).toBe(429);
      expect((await fetch(`${other.url}/snapshot`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
