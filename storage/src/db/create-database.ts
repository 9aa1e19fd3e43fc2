import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import type { Database } from './database.types.js';
import { pglitePoolConfig } from './pglite-connection.js';
import { createPgliteClusterIfMissing } from './pglite-data-dir.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** A PostgreSQL connection string. Unset → embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: keep the database in memory (tests). */
  inMemory?: boolean;
  /**
   * In-memory PGlite only: start from this dump of a data directory (createPgliteTemplate) instead
   * of a new, empty cluster. Tests open copies of one migrated template: creating and migrating a
   * cluster for every test file was the largest cost of starting one.
   */
  template?: Blob;
  /** pg only: pool size. */
  maxConnections?: number;
}

export type NotificationListener = (payload: string) => void;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Takes a session-level advisory lock on a dedicated connection and keeps it until release()
   * (or until this process dies: Postgres drops it with the connection). Resolves to null when
   * another session holds it.
   */
  tryAdvisoryLock(key: number): Promise<{ release(): Promise<void> } | null>;
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export function kyselyOn(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = kyselyOn(pool);
  let listenClient: pg.Client | undefined;
  const listeners = new Map<string, Set<NotificationListener>>();

  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    listenClient = client;
    return client;
  }

  return {
    db,
    kind: 'postgres',
    async tryAdvisoryLock(key) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        key,
      ]);
      if (!result.rows[0]?.locked) {
        await client.end();
        return null;
      }
      return { release: () => client.end() };
    },
    async listen(channel, listener) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      await listenClient?.end().catch(() => undefined);
      await db.destroy();
    },
  };
}

/**
 * PGlite's PostgreSQL runs inside this process, and its shared buffers are resident memory of the
 * process from the start, however small the database: the default 128 MB made PGlite cost 250 MB
 * before the first query, 16 MB makes it 130 MB. A page PostgreSQL does not hold in its buffers
 * is read back through the kernel's page cache (memory of the machine, not of this process); one
 * connection needs few at a time. A 50,000-ad import took under a tenth more CPU for it. WAL
 * buffers keep the size they had (by default they shrink with shared_buffers): imports write in
 * batches.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=4MB'];
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (!options.inMemory) lock = acquireDataDirLock(options.dataDir);
  try {
    const settings = {
      startParams: PGLITE_START_PARAMS,
      ...(options.inMemory && options.template ? { loadDataDir: options.template } : {}),
    };
    const clusterDir = path.join(options.dataDir, 'pglite');
    if (!options.inMemory) await createPgliteClusterIfMissing(clusterDir, settings.startParams);
    const pglite = options.inMemory ? new PGlite(settings) : new PGlite(clusterDir, settings);
    await pglite.waitReady;
    // PGlite is a single connection: the pool never holds more than one.
    const pool = new pg.Pool(pglitePoolConfig(pglite));
    const db = kyselyOn(pool);
    return {
      db,
      kind: 'pglite',
      // One process owns a PGlite database (the data-dir lock), so there is nobody to exclude;
      // holding the single connection for a lock would block every query instead.
      tryAdvisoryLock: async () => ({ release: async () => undefined }),
      async listen(channel, listener) {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
        return pglite.listen(channel, listener);
      },
      async close() {
        await db.destroy();
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
