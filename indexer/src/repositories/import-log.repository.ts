// Owns the `import_log` table: one row per snapshot or stream window the indexer applied (counts
// and error). The indexer writes it; the admin pages read it.
import type { Database, ImportLogRow } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

export interface ImportLogEntry {
  source: string;
  imported: number;
  vacancies: number;
  removed?: number;
  error?: string | null;
}

export async function writeImportLog(db: Kysely<Database>, entry: ImportLogEntry): Promise<void> {
  await db
    .insertInto('importLog')
    .values({
      source: entry.source,
      imported: entry.imported,
      vacancies: entry.vacancies,
      removed: entry.removed ?? 0,
      error: entry.error ?? null,
    })
    .execute();
}

/** The newest `limit` entries, newest first. */
export async function latestImportLog(db: Kysely<Database>, limit: number): Promise<ImportLogRow[]> {
  return db
    .selectFrom('importLog')
    .selectAll()
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Ads written by imports per Stockholm day (YYYY-MM-DD), over the last `days` days; days without
 * imports are left out.
 */
export async function importedPerStockholmDay(
  db: Kysely<Database>,
  days: number,
): Promise<Map<string, number>> {
  const result = await sql<{ day: string; imported: string }>`
    select to_char((date at time zone 'Europe/Stockholm')::date, 'YYYY-MM-DD') as day, sum(imported) as imported
    from import_log
    where date >= (((now() at time zone 'Europe/Stockholm')::date - (${days - 1})::integer)::timestamp
      at time zone 'Europe/Stockholm')
    group by 1`.execute(db);
  return new Map(result.rows.map((row) => [row.day, Number(row.imported)]));
}

/**
 * Deletes up to `limit` entries written before `before` (retention: one a minute adds up to half a
 * million a year). Returns how many; fewer than `limit`: none are left.
 */
export async function deleteImportLogBefore(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from import_log
    where id in (select id from import_log where date < ${before}::timestamptz limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
