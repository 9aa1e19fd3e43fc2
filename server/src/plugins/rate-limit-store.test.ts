import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../test-support/databases.js';
import { postgresRateLimitStore, sharedLimit } from './rate-limit-store.js';

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
