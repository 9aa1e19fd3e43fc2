// The backup file: gzip'd lines of JSON. A line starting with `[` is a control record
// (["header", …], ["secret", …], ["table", …], ["end", …], ["done", …]); any other line is one row
// of the table last opened, as Postgres's row_to_json wrote it. Plain JSON through the app's own
// connection reads the same on PGlite and on any PostgreSQL version (pg_dump 15 cannot dump the
// compose's PostgreSQL 17), and the gzip trailer's CRC and the closing "done" record catch a
// damaged or cut-off file before anything is written.
import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export const BACKUP_FORMAT = 'jobbportalen-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** Where it was taken: the embedded PGlite or a PostgreSQL server. */
  source: 'pglite' | 'postgres';
  /** The schema's applied migrations, oldest first: a restore rebuilds the schema up to the last. */
  migrations: string[];
}

export interface BackupTable {
  name: string;
  rows: number;
}

export interface BackupSummary {
  header: BackupHeader;
  tables: BackupTable[];
  secrets: string[];
  /** Sequences and their values (setval after the rows). */
  sequences: Record<string, number>;
}

/** Why a file cannot be restored; `code` decides the exit code and the message the CLI prints. */
export class BackupFileError extends Error {
  constructor(
    readonly code: 'not-a-backup' | 'damaged' | 'newer-schema' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

export type BackupRecord =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'secret'; name: string; value: string }
  | { kind: 'table'; name: string }
  | { kind: 'row'; table: string; json: string }
  | { kind: 'end'; name: string; rows: number }
  | { kind: 'sequences'; values: Record<string, number> }
  | { kind: 'done'; tables: number };

export const controlLine = (record: unknown[]): string => `${JSON.stringify(record)}\n`;

/** A secret's file name: letters, digits, dot, dash, underscore (never a path). */
export const SECRET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const damaged = (detail: string) =>
  new BackupFileError('damaged', `The backup file is damaged or incomplete (${detail}).`);

function parseControl(line: string): BackupRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw damaged('a record is not valid JSON');
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string') throw damaged('an unknown record');
  const [kind, a, b] = value as [string, unknown, unknown];
  switch (kind) {
    case 'header':
      return { kind, header: a as BackupHeader };
    case 'secret':
      if (typeof a !== 'string' || !SECRET_NAME.test(a) || typeof b !== 'string')
        throw damaged('a secret record');
      return { kind, name: a, value: b };
    case 'table':
      if (typeof a !== 'string') throw damaged('a table record');
      return { kind, name: a };
    case 'end':
      if (typeof a !== 'string' || typeof b !== 'number') throw damaged('a table end record');
      return { kind, name: a, rows: b };
    case 'sequences':
      return { kind, values: a as Record<string, number> };
    case 'done':
      return { kind, tables: Number(a) };
    default:
      throw damaged(`an unknown record "${kind}"`);
  }
}

function checkHeader(header: BackupHeader | undefined): BackupHeader {
  if (!header || header.format !== BACKUP_FORMAT || !Array.isArray(header.migrations))
    throw new BackupFileError('not-a-backup', 'This file is not a Jobbportalen backup.');
  if (header.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupFileError(
      'newer-schema',
      `The backup was written in format ${header.formatVersion}, newer than this version of Jobbportalen reads (${BACKUP_FORMAT_VERSION}). Restore it with the version that wrote it, or a newer one.`,
    );
  return header;
}

/**
 * Reads a backup file record by record, checking its structure as it goes: every table closes
 * with the number of rows it had, and the file ends with "done". Throws BackupFileError.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupRecord> {
  let input: Readable;
  try {
    await fs.promises.access(file, fs.constants.R_OK);
    input = fs.createReadStream(file);
  } catch (error) {
    throw new BackupFileError('unreadable', `Cannot read ${file}: ${(error as Error).message}`);
  }
  const gunzip = createGunzip();
  // A stream error (not gzip, bad CRC, cut off) surfaces through the line reader below.
  input.on('error', (error) => gunzip.destroy(error));
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let header: BackupHeader | undefined;
  let table: string | undefined;
  let rows = 0;
  let done = false;
  try {
    for await (const line of lines) {
      if (done) throw damaged('data after the end');
      if (!header) {
        const first = line.startsWith('[') ? parseControlQuietly(line) : undefined;
        header = checkHeader(first?.kind === 'header' ? first.header : undefined);
        yield { kind: 'header', header };
        continue;
      }
      if (!line.startsWith('[')) {
        if (!table || !line.startsWith('{')) throw damaged('a row outside a table');
        rows++;
        yield { kind: 'row', table, json: line };
        continue;
      }
      const record = parseControl(line);
      if (record.kind === 'header') throw damaged('a second header');
      if (record.kind === 'table') {
        if (table) throw damaged(`table ${table} not closed`);
        table = record.name;
        rows = 0;
      } else if (record.kind === 'end') {
        if (record.name !== table || record.rows !== rows) throw damaged(`table ${record.name} is cut short`);
        table = undefined;
      } else if (record.kind === 'done') {
        if (table) throw damaged(`table ${table} not closed`);
        done = true;
      }
      yield record;
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (
      code.startsWith('Z_') ||
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      /gzip|header check|end of file/i.test((error as Error).message)
    ) {
      throw header
        ? damaged((error as Error).message)
        : new BackupFileError('not-a-backup', 'This file is not a Jobbportalen backup.');
    }
    throw error;
  } finally {
    lines.close();
    input.destroy();
  }
  if (!header)
    throw new BackupFileError('not-a-backup', 'This file is not a Jobbportalen backup (it is empty).');
  if (!done) throw damaged('it ends before its last record');
}

function parseControlQuietly(line: string): BackupRecord | undefined {
  try {
    return parseControl(line);
  } catch {
    return undefined;
  }
}

/** Reads the whole file once (as a restore does before it writes anything) and sums it up. */
export async function verifyBackup(file: string): Promise<BackupSummary> {
  let header: BackupHeader | undefined;
  const tables: BackupTable[] = [];
  const secrets: string[] = [];
  let sequences: Record<string, number> = {};
  for await (const record of readBackup(file)) {
    if (record.kind === 'header') header = record.header;
    else if (record.kind === 'secret') secrets.push(record.name);
    else if (record.kind === 'end') tables.push({ name: record.name, rows: record.rows });
    else if (record.kind === 'sequences') sequences = record.values;
  }
  return { header: header!, tables, secrets, sequences };
}
