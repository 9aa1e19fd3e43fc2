import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import {
  createDatabase,
  migrateToLatest,
  type DatabaseHandle,
  type DatabaseKind,
} from '@jobbportalen/storage';

/**
 * The databases server-backed tests run against: always PGlite, and the real PostgreSQL server
 * too when TEST_DATABASE_URL is set (CI sets it). Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the fresh PostgreSQL database, when kind is 'postgres'. */
  url?: string;
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (kind === 'pglite') {
    const template = migrate ? await pgliteTemplate() : undefined;
    const handle = await createDatabase({ dataDir: '', inMemory: true, template });
    // A no-op on the template (it is at the latest migration), a full migration without one.
    if (migrate) await migrateToLatest(handle.db);
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `jobbportalen_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  const handle = await createDatabase({ dataDir: '', databaseUrl: url, maxConnections: 5 });
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let template: Blob | undefined;

/**
 * The run's migrated PGlite (test-support/global-setup.ts dumps it once), read once per test file.
 * Outside vitest (scripts), or when the run has none, databases start empty and are migrated.
 */
async function pgliteTemplate(): Promise<Blob | undefined> {
  if (template || !process.env.VITEST) return template;
  // Loaded lazily, and typed here: scripts import this module too and must not load vitest.
  const { inject } = await import('vitest');
  const file = (inject as unknown as (key: 'pgliteTemplate') => string | undefined)('pgliteTemplate');
  if (file && fs.existsSync(file)) template = new Blob([fs.readFileSync(file)]);
  return template;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
