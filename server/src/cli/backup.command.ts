import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupFileError,
  createDatabase,
  DataDirLockedError,
  NothingToBackUpError,
  requestBackupFromPortal,
  verifyBackup,
  writeBackup,
  type BackupTable,
} from '@jobbportalen/storage';

export const BACKUP_USAGE = `Usage: npm run backup -- <file>
       npm run backup -- --dir <directory> [--keep <n>]

Writes a backup of the database (every table but the search index's bookkeeping) and of
$DATA_DIR/secrets into one gzip'd file, readable only by you. The search index is not in it:
a restored portal rebuilds it from the database.
  <file>          the file to write (must not exist yet)
  --dir <dir>     write <dir>/jobbportalen-<UTC time>.backup.gz instead (scheduled backups)
  --keep <n>      with --dir: then delete all but the newest <n> such files there
Uses DATABASE_URL, else the embedded database in DATA_DIR (default ./data). While \`npm start\`
runs on DATA_DIR, the running portal writes the backup (through $DATA_DIR/run/backup.sock).`;

type Env = Record<string, string | undefined>;
type Print = (line: string) => void;

/** Scheduled backups' names: they sort by time, and only these are deleted by --keep. */
const SCHEDULED_NAME = /^jobbportalen-\d{8}T\d{6}Z\.backup\.gz$/;

export function scheduledBackupName(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).split('-').join('').split(':').join('');
  return `jobbportalen-${stamp}Z.backup.gz`;
}

/** Deletes the scheduled backups in `directory` beyond the newest `keep`; returns their names. */
export function pruneScheduledBackups(directory: string, keep: number): string[] {
  const names = fs
    .readdirSync(directory)
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .reverse();
  const old = names.slice(keep);
  for (const name of old) fs.rmSync(path.join(directory, name), { force: true });
  return old;
}

interface Target {
  file: string;
  directory?: string;
  keep?: number;
}

function parse(argv: string[], now: Date): Target | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        dir: { type: 'string' },
        keep: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.dir !== undefined) {
    if (positionals.length > 0) return 'give either <file> or --dir, not both';
    let keep: number | undefined;
    if (values.keep !== undefined) {
      keep = Number(values.keep);
      if (!Number.isInteger(keep) || keep < 1) return '--keep must be a whole number of at least 1';
    }
    const directory = path.resolve(values.dir);
    return { file: path.join(directory, scheduledBackupName(now)), directory, ...(keep ? { keep } : {}) };
  }
  if (values.keep !== undefined) return '--keep goes with --dir';
  if (positionals.length !== 1) return 'give the file to write';
  return { file: path.resolve(positionals[0]!) };
}

/** Writes the backup to `partial`: through the running portal, or from the database itself. */
async function backUpInto(partial: string, env: Env): Promise<BackupTable[] | 'through-portal'> {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const out = () => fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  if (!databaseUrl) {
    if (!fs.existsSync(path.join(dataDir, 'pglite')))
      throw new NothingToBackUpError(
        `There is no embedded database in ${dataDir} (set DATA_DIR or DATABASE_URL).`,
      );
    if (await requestBackupFromPortal(dataDir, out)) return 'through-portal';
  }
  const database = await createDatabase({ databaseUrl, dataDir, maxConnections: 1 });
  try {
    return await writeBackup({ db: database.db, kind: database.kind, dataDir }, out());
  } finally {
    await database.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** `npm run backup`; returns the exit code so a test can run it in-process. */
export async function runBackup(
  argv: string[],
  env: Env = process.env,
  print: Print = console.log,
  printError: Print = console.error,
  now: Date = new Date(),
): Promise<number> {
  const target = parse(argv, now);
  if (target === 'help') {
    print(BACKUP_USAGE);
    return 0;
  }
  if (typeof target === 'string') {
    printError(`${target}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  if (fs.existsSync(target.file)) {
    printError(`${target.file} exists already: choose another name (a backup never overwrites a file).`);
    return 2;
  }
  const partial = `${target.file}.partial`;
  const started = Date.now();
  try {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const how = await backUpInto(partial, env);
    // Read back whole before it gets its name: a file with the name is a backup that restores.
    const summary = await verifyBackup(partial);
    fs.renameSync(partial, target.file);
    const size = fs.statSync(target.file).size;
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    const jobs = summary.tables.find((table) => table.name === 'jobs')?.rows ?? 0;
    print(
      `Backup written to ${target.file}: ${megabytes(size)}, ${rows} rows in ${summary.tables.length} tables ` +
        `(${jobs} ads), ${summary.secrets.length} secret file(s), in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (how === 'through-portal' ? ' (by the running portal).' : '.'),
    );
    if (target.directory && target.keep) {
      const deleted = pruneScheduledBackups(target.directory, target.keep);
      if (deleted.length > 0) print(`Deleted ${deleted.length} older backup(s): ${deleted.join(', ')}`);
    }
    return 0;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof DataDirLockedError) {
      printError(
        `${error.message}\nThe running portal did not answer on ${path.join(error.dataDir, 'run', 'backup.sock')}; ` +
          'is it a version without backups? Stop it and run the backup again.',
      );
    } else if (error instanceof BackupFileError) {
      printError(`The backup could not be completed (${error.message}) See the portal's log.`);
    } else {
      printError(`Backup failed: ${(error as Error).message}`);
    }
    return 1;
  }
}
