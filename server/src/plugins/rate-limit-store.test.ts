import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { sharedLimit } from '../http/rate-limits.js';
import {
  memoryCounterStore,
  postgresCounterStore,
  postgresRateLimitStore,
  sharedCounterStore,
  type CounterStore,
} from './rate-limit-store.js';

const increment = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 5),
  );
const routeOptions = (url: string, shared: boolean) => ({
  ...(shared ? sharedLimit({ max: 5, timeWindow: 60_000 }) : { max: 5, timeWindow: 60_000 }),
  routeInfo: { method: 'POST', url },
});

describe.each(testDatabaseKinds())('the shared rate-limit store on %s', (kind) => {
  let database: TestDatabase;
  let root: FastifyRateLimitStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const Store = postgresRateLimitStore(database.db);
    root = new Store({});
  });
  afterAll(() => database.close());

  it('counts a shared limit in the database, where every store instance sees it', async () => {
    const login = root.child(routeOptions('/api/auth/login', true) as never);
    const sameRouteElsewhere = root.child(routeOptions('/api/auth/login', true) as never);
    expect((await increment(login, '10.1.0.1', 60_000)).current).toBe(1);
    expect((await increment(sameRouteElsewhere, '10.1.0.1', 60_000)).current).toBe(2);
    const third = await increment(login, '10.1.0.1', 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    // Another route, another count.
    const register = root.child(routeOptions('/api/auth/register', true) as never);
    expect((await increment(register, '10.1.0.1', 60_000)).current).toBe(1);
    const rows = await database.db.selectFrom('rateLimitCounters').select(['key', 'count']).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: 'POST /api/auth/login|10.1.0.1', count: 3 },
        { key: 'POST /api/auth/register|10.1.0.1', count: 1 },
      ]),
    );
  });

  it('starts a new window once the old one has ended', async () => {
    const store = root.child(routeOptions('/api/ai/match', true) as never);
    await increment(store, '10.1.0.2', 200);
    expect((await increment(store, '10.1.0.2', 200)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await increment(store, '10.1.0.2', 200)).current).toBe(1);
  });

  it('keeps limits that are not marked shared in memory, one count per store', async () => {
    const search = root.child(routeOptions('/api/jobs', false) as never);
    const otherProcess = root.child(routeOptions('/api/jobs', false) as never);
    expect((await increment(search, '10.1.0.3', 60_000)).current).toBe(1);
    expect((await increment(search, '10.1.0.3', 60_000)).current).toBe(2);
    expect((await increment(otherProcess, '10.1.0.3', 60_000)).current).toBe(1);
    const written = await database.db
      .selectFrom('rateLimitCounters')
      .select('key')
      .where('key', 'like', '%/api/jobs%')
      .execute();
    expect(written).toEqual([]);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same behaviour from the table and from memory: the log-in guard relies on it. */
function counterStoreBehaviour(open: () => CounterStore) {
  let store: CounterStore;
  beforeAll(() => {
    store = open();
  });

  it('counts within a window and reads without counting', async () => {
    expect(await store.read('a')).toEqual({ count: 0, ttlMs: 0 });
    expect((await store.increment('a', 60_000)).count).toBe(1);
    const second = await store.increment('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await store.read('a')).count).toBe(2);
    expect((await store.read('a')).count).toBe(2);
    expect((await store.read('b')).count).toBe(0);
  });

  it('takes one back, never below zero, and forgets a key on reset', async () => {
    await store.increment('c', 60_000);
    await store.increment('c', 60_000);
    await store.decrement('c');
    expect((await store.read('c')).count).toBe(1);
    await store.decrement('c');
    await store.decrement('c');
    expect((await store.read('c')).count).toBe(0);
    await store.increment('d', 60_000);
    await store.reset('d');
    expect(await store.read('d')).toEqual({ count: 0, ttlMs: 0 });
    expect((await store.increment('d', 60_000)).count).toBe(1);
  });

  it('renews a key to 1 with a fresh window, also one of a month', async () => {
    const month = 30 * 24 * 3_600_000;
    await store.increment('e', 200);
    await store.increment('e', 200);
    await store.renew('e', month);
    await pause(300);
    const renewed = await store.read('e');
    expect(renewed.count).toBe(1);
    expect(renewed.ttlMs).toBeGreaterThan(month - 60_000);
    expect((await store.increment('e', 200)).ttlMs).toBeGreaterThan(month - 60_000);
  });

  it('forgets a count once its window has ended', async () => {
    await store.increment('f', 200);
    await store.increment('f', 200);
    await pause(300);
    expect((await store.read('f')).count).toBe(0);
    await store.decrement('f');
    expect((await store.increment('f', 200)).count).toBe(1);
  });
}

describe.each(testDatabaseKinds())('counters in rate_limit_counters on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  counterStoreBehaviour(() => postgresCounterStore(database.db));

  it('shares the counts between stores (servers) on one database', async () => {
    const one = postgresCounterStore(database.db);
    const other = postgresCounterStore(database.db);
    await one.increment('shared', 60_000);
    await other.increment('shared', 60_000);
    expect((await one.read('shared')).count).toBe(2);
    await other.reset('shared');
    expect((await one.read('shared')).count).toBe(0);
  });

  it('counts in the table on PostgreSQL and in memory on PGlite, which one process owns', async () => {
    await sharedCounterStore(database).increment('where', 60_000);
    const rows = await database.db
      .selectFrom('rateLimitCounters')
      .select('key')
      .where('key', '=', 'where')
      .execute();
    expect(rows).toHaveLength(kind === 'postgres' ? 1 : 0);
  });
});

describe('counters in memory', () => {
  counterStoreBehaviour(() => memoryCounterStore());

  it('forgets the least recently touched key past its capacity', async () => {
    const store = memoryCounterStore(2);
    await store.increment('old', 60_000);
    await store.increment('older', 60_000);
    await store.increment('old', 60_000);
    await store.increment('new', 60_000);
    expect((await store.read('older')).count).toBe(0);
    expect((await store.read('old')).count).toBe(2);
    expect((await store.read('new')).count).toBe(1);
  });
});
