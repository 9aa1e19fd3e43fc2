import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, RateLimitOptions } from '@fastify/rate-limit';
import type { Database, DatabaseHandle } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;
type IncrementCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreOptions = RateLimitOptions & { routeInfo?: { method?: string; url?: string }; shared?: boolean };

// The plugin's own in-memory store, for limits that need not be shared between processes.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
) => FastifyRateLimitStore;

/** Old counters are swept at most this often, by whichever process happens to count. */
const SWEEP_INTERVAL_MS = 60_000;

/** Keys a memory counter store holds before it forgets the least recently touched one. */
const MEMORY_COUNTER_CAPACITY = 20_000;

/** A count in a fixed window, and the milliseconds until that window ends (0 when none runs). */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters for limits the plugin's hooks cannot express: the log-in guard counts
 * an attempt before the password is checked, takes it back or forgets the streak when the
 * password was right, and remembers addresses a user has logged in from.
 */
export interface CounterStore {
  /** Adds one in the key's window, opening a window of windowMs when none is running. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The count in the running window; 0 when none runs. */
  read(key: string): Promise<WindowCount>;
  /** Takes one back in the running window (never below 0). */
  decrement(key: string): Promise<void>;
  /** Forgets the key and its window. */
  reset(key: string): Promise<void>;
  /** Sets the key to 1 in a window of windowMs from now, whatever ran before. */
  renew(key: string, windowMs: number): Promise<void>;
}

const interval = (windowMs: number) => `${Math.max(1, Math.trunc(windowMs))} milliseconds`;
// float8, not integer: a window of a month is more milliseconds than an integer holds.
const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::float8`;

/** One upsert: a new window once the old one has ended, else one more in the running one. */
async function incrementRow(db: Db, key: string, windowMs: number): Promise<WindowCount> {
  const { rows } = await sql<WindowCount>`
    insert into rate_limit_counters as c (key, count, window_ends)
    values (${key}, 1, now() + ${interval(windowMs)}::interval)
    on conflict (key) do update set
      count = case when c.window_ends <= now() then 1 else c.count + 1 end,
      window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
    returning count, ${ttlMs} as ttl_ms`.execute(db);
  return rows[0]!;
}

function expiredRowSweeper(db: Db) {
  let nextSweep = 0;
  return () => {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_INTERVAL_MS;
    void db
      .deleteFrom('rateLimitCounters')
      .where('windowEnds', '<', sql<Date>`now()`)
      .execute()
      .catch(() => undefined); // a missed sweep only leaves a few rows for the next one
  };
}

/** Counters in the rate_limit_counters table, which every server on one PostgreSQL shares. */
export function postgresCounterStore(db: Db): CounterStore {
  const sweep = expiredRowSweeper(db);
  return {
    increment(key, windowMs) {
      sweep();
      return incrementRow(db, key, windowMs);
    },
    async read(key) {
      const row = await db
        .selectFrom('rateLimitCounters')
        .select(['count', ttlMs.as('ttlMs')])
        .where('key', '=', key)
        .where('windowEnds', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row ?? { count: 0, ttlMs: 0 };
    },
    async decrement(key) {
      await db
        .updateTable('rateLimitCounters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('windowEnds', '>', sql<Date>`now()`)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rateLimitCounters').where('key', '=', key).execute();
    },
    async renew(key, windowMs) {
      sweep();
      await sql`
        insert into rate_limit_counters (key, count, window_ends)
        values (${key}, 1, now() + ${interval(windowMs)}::interval)
        on conflict (key) do update set count = 1, window_ends = excluded.window_ends`.execute(db);
    },
  };
}

/**
 * The same counters in this process's memory. Bounded: past `capacity` keys the least recently
 * touched one is forgotten, so a flood of made-up keys costs memory only up to that size.
 */
export function memoryCounterStore(capacity = MEMORY_COUNTER_CAPACITY): CounterStore {
  const entries = new Map<string, { count: number; endsAt: number }>();
  const running = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.endsAt > Date.now()) return entry;
    entries.delete(key);
    return undefined;
  };
  // Map keeps insertion order: deleting before setting moves a key to the young end.
  const put = (key: string, entry: { count: number; endsAt: number }) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > capacity) entries.delete(entries.keys().next().value!);
  };
  const counted = (entry: { count: number; endsAt: number } | undefined): WindowCount =>
    entry ? { count: entry.count, ttlMs: entry.endsAt - Date.now() } : { count: 0, ttlMs: 0 };
  return {
    async increment(key, windowMs) {
      const entry = running(key);
      const next = entry
        ? { count: entry.count + 1, endsAt: entry.endsAt }
        : { count: 1, endsAt: Date.now() + windowMs };
      put(key, next);
      return counted(next);
    },
    async read(key) {
      return counted(running(key));
    },
    async decrement(key) {
      const entry = running(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async renew(key, windowMs) {
      put(key, { count: 1, endsAt: Date.now() + windowMs });
    },
  };
}

/**
 * Counters shared by every server on PostgreSQL; in memory on PGlite, which only one process
 * can open (the data-dir lock), so memory is exact there — the same choice the app makes for
 * the plugin's store.
 */
export function sharedCounterStore(database: Pick<DatabaseHandle, 'kind' | 'db'>): CounterStore {
  return database.kind === 'postgres' ? postgresCounterStore(database.db) : memoryCounterStore();
}

/**
 * A store for @fastify/rate-limit: shared limits in the rate_limit_counters table (one upsert
 * per request, fixed windows like the plugin's own store), the rest in memory.
 */
export function postgresRateLimitStore(db: Db) {
  const sweep = expiredRowSweeper(db);

  class SharedStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; children get a per-route key prefix.
    constructor(
      _pluginOptions: unknown,
      readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrementCallback, timeWindow: number) {
      sweep();
      incrementRow(db, this.prefix + key, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
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
