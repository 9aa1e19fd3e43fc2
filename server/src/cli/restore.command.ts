import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupFileError,
  checkBackupSchema,
  createDatabase,
  DataDirLockedError,
  restoreBackup,
  RestoreTargetNotEmptyError,
  verifyBackup,
} from '@jobbportalen/storage';

export const RESTORE_USAGE = `Usage: npm run restore -- <file>

Restores a backup written by \`npm run backup\` into an EMPTY database: DATABASE_URL when set,
else the embedded database in DATA_DIR (default ./data; stop \`npm start\` first). The backup's
secrets go to $DATA_DIR/secrets. The search index is rebuilt from the restored database by the
portal's indexer as soon as the portal starts.
Exit codes: 0 restored, 1 failed, 2 wrong usage, 3 the file cannot be restored (not a backup,
damaged, or from a newer version), 4 the target is not empty.`;

type Env = Record<string, string | undefined>;
type Print = (line: string) => void;

export const RESTORE_EXIT = { ok: 0, failed: 1, usage: 2, badFile: 3, notEmpty: 4 } as const;

/** `npm run restore`; returns the exit code so a test can run it in-process. */
export async function runRestore(
  argv: string[],
  env: Env = process.env,
  print: Print = console.log,
  printError: Print = console.error,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    printError(`${(error as Error).message}\n\n${RESTORE_USAGE}`);
    return RESTORE_EXIT.usage;
  }
  if (parsed.values.help) {
    print(RESTORE_USAGE);
    return RESTORE_EXIT.ok;
  }
  if (parsed.positionals.length !== 1) {
    printError(`give the backup file to restore\n\n${RESTORE_USAGE}`);
    return RESTORE_EXIT.usage;
  }
  const file = path.resolve(parsed.positionals[0]!);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const started = Date.now();
  try {
    // The file is read whole and checked before the target is so much as opened.
    const summary = await verifyBackup(file);
    await checkBackupSchema(summary);
    if (
      !databaseUrl &&
      fs.existsSync(path.join(dataDir, 'pglite')) &&
      !isEmptyDir(path.join(dataDir, 'pglite'))
    )
      throw new RestoreTargetNotEmptyError(
        `${dataDir} already holds an embedded database. Restore into an empty data directory (set DATA_DIR).`,
      );
    // A restore that fails into a data directory it created leaves it as it found it: empty.
    const createdHere = !databaseUrl && !fs.existsSync(path.join(dataDir, 'pglite'));
    const database = await createDatabase({ databaseUrl, dataDir, maxConnections: 2 });
    let restored = false;
    try {
      const result = await restoreBackup(file, { db: database.db, dataDir }, summary);
      const counts = ['users', 'jobs', 'saved_searches', 'saved_jobs', 'site_settings']
        .map((name) => `${name} ${result.tables.find((table) => table.name === name)?.rows ?? 0}`)
        .join(', ');
      print(
        `Restored ${file} (taken ${result.header.createdAt}) into ${databaseUrl ? 'the database of DATABASE_URL' : dataDir} ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts}; ${result.secrets.length} secret file(s).` +
          (result.migratedAfter.length > 0 ? ` Then migrated: ${result.migratedAfter.join(', ')}.` : ''),
      );
      print('The search index is rebuilt from the database when the portal (or its indexer) starts.');
      restored = true;
      return RESTORE_EXIT.ok;
    } finally {
      await database.close();
      if (createdHere && !restored) fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    }
  } catch (error) {
    if (error instanceof BackupFileError) {
      printError(`Cannot restore ${file}: ${error.message}`);
      return RESTORE_EXIT.badFile;
    }
    if (error instanceof RestoreTargetNotEmptyError) {
      printError(`Nothing was restored: ${error.message}`);
      return RESTORE_EXIT.notEmpty;
    }
    if (error instanceof DataDirLockedError) {
      printError(`Nothing was restored: ${error.message}`);
      return RESTORE_EXIT.failed;
    }
    printError(`Restore failed: ${(error as Error).message}`);
    return RESTORE_EXIT.failed;
  }
}

function isEmptyDir(directory: string): boolean {
  try {
    return fs.readdirSync(directory).length === 0;
  } catch {
    return true;
  }
}
