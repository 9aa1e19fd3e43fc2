import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, RateLimitOptions } from '@fastify/rate-limit';
import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

type IncrementCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreOptions = RateLimitOptions & { routeInfo?: { method?: string; url?: string }; shared?: boolean };

// The plugin's own in-memory store, for limits that need not be shared between processes.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
) => FastifyRateLimitStore;

/** Old counters are swept at most this often, by whichever process happens to count. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Marks a route's limit as one that must hold across every server process (log-in, register,
 * match): counted in PostgreSQL when the portal runs on one, where several servers may answer.
 * Other limits (search, page views) stay in each process's memory: they guard against floods,
 * and a database write per search would cost more than it protects.
 */
export function sharedLimit(options: { max: number; timeWindow: number | string }): RateLimitOptions {
  return { ...options, shared: true } as RateLimitOptions;
}

/**
 * A store for @fastify/rate-limit: shared limits in the rate_limit_counters table (one upsert
 * per request, fixed windows like the plugin's own store), the rest in memory.
 */
export function postgresRateLimitStore(db: Kysely<Database>) {
  let nextSweep = 0;
  const sweep = () => {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_INTERVAL_MS;
    void db
      .deleteFrom('rateLimitCounters')
      .where('windowEnds', '<', sql<Date>`now()`)
      .execute()
      .catch(() => undefined); // a missed sweep only leaves a few rows for the next one
  };

  class SharedStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; children get a per-route key prefix.
    constructor(
      _pluginOptions: unknown,
      readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrementCallback, timeWindow: number) {
      sweep();
      const window = `${Math.max(1, Math.trunc(timeWindow))} milliseconds`;
      sql<{ count: number; ttlMs: number }>`
        insert into rate_limit_counters as c (key, count, window_ends)
        values (${this.prefix + key}, 1, now() + ${window}::interval)
        on conflict (key) do update set
          count = case when c.window_ends <= now() then 1 else c.count + 1 end,
          window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
        returning count, ceil(extract(epoch from (window_ends - now())) * 1000)::integer as ttl_ms`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, { current: row!.count, ttl: Math.max(0, row!.ttlMs) }))
        .catch((error: Error) => callback(error));
    }

    // Called with the route's merged limit options (the plugin's types call them RouteOptions).
    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions;
      if (!options.shared) return new LocalStore();
      const route = options.routeInfo?.url ? `${options.routeInfo.method} ${options.routeInfo.url}` : '';
      return new SharedStore(undefined, `${route}|`);
    }
  }
  return SharedStore;
}
