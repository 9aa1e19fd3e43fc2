// Restores a backup (backup-file.ts) into an empty database: the schema is built up to the
// backup's migration, the rows go in (one transaction), then the schema is brought to this
// version's latest — so a backup of an older version restores into a newer one.
import fs from 'node:fs';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import type { Database } from '../db/database.types.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationProvider } from '../migrations/index.js';
import { BackupFileError, readBackup, verifyBackup, type BackupSummary } from './backup-file.js';
import {
  appliedMigrations,
  insertJsonRows,
  publicTables,
  setSequence,
  tableHasRows,
  TABLES_LEFT_OUT,
  truncateTables,
} from './backup.repository.js';

/** Rows per insert, and the most text one insert carries (a batch of large ads is cut earlier). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8_000_000;

/** Tables a freshly migrated database already has rows in (the migrations' own). */
const SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set(['feed_state']);

export class RestoreTargetNotEmptyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreTargetNotEmptyError';
  }
}

export interface RestoreTarget {
  db: Kysely<Database>;
  /** Where the backup's secrets go (`<dataDir>/secrets`). */
  dataDir?: string | undefined;
}

export interface RestoreResult extends BackupSummary {
  /** The migrations this version ran after the rows went in (a backup of an older version). */
  migratedAfter: string[];
}

async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/** Refuses a backup whose schema this version does not know (written by a newer version). */
export async function checkBackupSchema(summary: BackupSummary): Promise<void> {
  const known = new Set(await knownMigrations());
  const unknown = summary.header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupFileError(
      'newer-schema',
      `The backup comes from a newer version of Jobbportalen (its schema has ${unknown.join(', ')}, which this version does not know). Restore it with that version or a newer one.`,
    );
}

/**
 * A target counts as empty when it has no tables, or only the schema of the same or an older
 * migration with no rows but the ones migrations write: nothing a restore could overwrite.
 */
async function checkEmpty(db: Kysely<Database>, summary: BackupSummary, dataDir?: string): Promise<void> {
  const applied = await appliedMigrations(db);
  const tables = await publicTables(db);
  if (applied === null && tables.length > 0)
    throw new RestoreTargetNotEmptyError(
      `The target database is not empty (it has the tables ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}). Restore into an empty database.`,
    );
  if (applied !== null) {
    const wanted = summary.header.migrations;
    if (applied.some((name, i) => wanted[i] !== name))
      throw new RestoreTargetNotEmptyError(
        `The target database has a newer schema (${applied.at(-1)}) than the backup (${wanted.at(-1)}). Restore into an empty database.`,
      );
    const filled: string[] = [];
    for (const table of tables) {
      if (TABLES_LEFT_OUT.has(table) || SEEDED_BY_MIGRATIONS.has(table)) continue;
      if (await tableHasRows(db, table)) filled.push(table);
    }
    if (filled.length > 0)
      throw new RestoreTargetNotEmptyError(
        `The target database is not empty (rows in ${filled.join(', ')}). Restore into an empty database, or delete it first.`,
      );
  }
  for (const name of summary.secrets) {
    const existing = readQuietly(path.join(dataDir ?? '', 'secrets', name));
    if (dataDir && existing !== undefined)
      throw new RestoreTargetNotEmptyError(
        `The data directory ${dataDir} already has a secret ${name}. Restore into an empty data directory.`,
      );
  }
}

function readQuietly(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function loadRows(db: Kysely<Database>, file: string, tables: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The migrations' own rows (feed_state), and any search bookkeeping, make way for the backup's.
    const emptied = [...new Set([...tables, 'search_outbox', 'search_replicas'])];
    const existing = new Set(await publicTables(trx));
    const present = emptied.filter((table) => existing.has(table));
    await truncateTables(trx, present);

    let batch: string[] = [];
    let chars = 0;
    let table = '';
    const flush = async () => {
      await insertJsonRows(trx, table, batch);
      batch = [];
      chars = 0;
    };
    for await (const record of readBackup(file)) {
      if (record.kind === 'table') table = record.name;
      else if (record.kind === 'row') {
        batch.push(record.json);
        chars += record.json.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      } else if (record.kind === 'end') await flush();
      else if (record.kind === 'sequences') {
        for (const [name, value] of Object.entries(record.values)) await setSequence(trx, name, value);
      }
    }
  });
}

function writeSecrets(dataDir: string, secrets: { name: string; value: string }[]): void {
  const directory = path.join(dataDir, 'secrets');
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  for (const secret of secrets)
    fs.writeFileSync(path.join(directory, secret.name), secret.value, { mode: 0o600, flag: 'wx' });
}

async function secretsOf(file: string): Promise<{ name: string; value: string }[]> {
  const secrets: { name: string; value: string }[] = [];
  for await (const record of readBackup(file)) {
    if (record.kind === 'secret') secrets.push({ name: record.name, value: record.value });
    if (record.kind === 'table') break;
  }
  return secrets;
}

/**
 * Restores `file` into `target`. The whole file is read and checked first, so a damaged one or
 * one from a newer version (BackupFileError) and a target that is not empty
 * (RestoreTargetNotEmptyError) are refused before anything is written.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  /** The file's summary, when the caller has read and checked it already. */
  verified?: BackupSummary,
): Promise<RestoreResult> {
  const summary = verified ?? (await verifyBackup(file));
  await checkBackupSchema(summary);
  await checkEmpty(target.db, summary, target.dataDir);

  const last = summary.header.migrations.at(-1)!;
  const migrator = new Migrator({ db: target.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(last);
  if (error)
    throw new Error(`Building the schema up to ${last} failed: ${(error as Error).message}`, {
      cause: error,
    });
  await loadRows(
    target.db,
    file,
    summary.tables.map((table) => table.name),
  );
  const migratedAfter = await migrateToLatest(target.db);
  if (target.dataDir && summary.secrets.length > 0) writeSecrets(target.dataDir, await secretsOf(file));
  return { ...summary, migratedAfter };
}
