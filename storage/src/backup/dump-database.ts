// Writes a backup (backup-file.ts) of a database through its own connection: every table read in
// pages inside one REPEATABLE READ transaction, so the file is one consistent moment however long
// it takes and whatever the portal writes meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/create-database.js';
import type { Database } from '../db/database.types.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  controlLine,
  SECRET_NAME,
  type BackupHeader,
  type BackupTable,
} from './backup-file.js';
import {
  appliedMigrations,
  primaryKey,
  readTablePage,
  sequenceValues,
  tablesInRestoreOrder,
} from './backup.repository.js';

/** Rows per read: ads carry their feed payload, a few kB each. */
const PAGE_ROWS = 500;

export interface BackupSource {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The data directory whose secrets/ go into the backup (JWT secret, Meilisearch key). */
  dataDir?: string | undefined;
}

export class NothingToBackUpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NothingToBackUpError';
  }
}

/** The files in `<dataDir>/secrets`: what the embedded default generated and must keep. */
export function readSecrets(dataDir: string | undefined): { name: string; value: string }[] {
  if (!dataDir) return [];
  const directory = path.join(dataDir, 'secrets');
  let names: string[];
  try {
    names = fs.readdirSync(directory);
  } catch {
    return [];
  }
  return names
    .filter((name) => SECRET_NAME.test(name) && fs.statSync(path.join(directory, name)).isFile())
    .sort()
    .map((name) => ({ name, value: fs.readFileSync(path.join(directory, name), 'utf8') }));
}

/** Writes with back-pressure: waits while the gzip stream's buffer is full. */
async function put(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function dumpTable(trx: Transaction<Database>, table: string, out: Writable): Promise<number> {
  const key = await primaryKey(trx, table);
  let after: string[] | undefined;
  let rows = 0;
  for (;;) {
    const page = await readTablePage(trx, table, key, after, PAGE_ROWS);
    if (page.length === 0) return rows;
    let chunk = '';
    for (const row of page) chunk += `${row.line}\n`;
    await put(out, chunk);
    rows += page.length;
    after = page[page.length - 1]!.key;
  }
}

/**
 * Writes the backup of `source` to `destination` (a file, a socket) and ends it. Throws
 * NothingToBackUpError for a database that has no schema.
 */
export async function writeBackup(source: BackupSource, destination: Writable): Promise<BackupTable[]> {
  const gzip = createGzip({ level: 6 });
  gzip.pipe(destination);
  const tables: BackupTable[] = [];
  try {
    await source.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const migrations = await appliedMigrations(trx);
        if (!migrations || migrations.length === 0)
          throw new NothingToBackUpError('The database has no Jobbportalen schema yet: nothing to back up.');
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          source: source.kind,
          migrations,
        };
        await put(gzip, controlLine(['header', header]));
        for (const secret of readSecrets(source.dataDir))
          await put(gzip, controlLine(['secret', secret.name, secret.value]));
        for (const table of await tablesInRestoreOrder(trx)) {
          await put(gzip, controlLine(['table', table]));
          const rows = await dumpTable(trx, table, gzip);
          await put(gzip, controlLine(['end', table, rows]));
          tables.push({ name: table, rows });
        }
        await put(gzip, controlLine(['sequences', await sequenceValues(trx)]));
        await put(gzip, controlLine(['done', tables.length]));
      });
  } catch (error) {
    // Not ended properly, so the file fails its check and is never taken for a whole one.
    gzip.destroy();
    destination.destroy();
    throw error;
  }
  gzip.end();
  // Only the writing side: a socket's reading side stays open until its client closes it.
  await finished(destination, { readable: false });
  return tables;
}
