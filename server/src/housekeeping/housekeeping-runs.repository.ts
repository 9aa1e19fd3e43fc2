// Owns the `housekeeping_runs` table: one row per run of the retention housekeeping (when, what it
// deleted per kind, its error). The housekeeping writes it; Översikt reads the newest.
import type { HousekeepingKind } from '@jobbportalen/contracts/api/housekeeping';
import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

export type DeletedCounts = Partial<Record<HousekeepingKind, number>>;

export interface HousekeepingRun {
  startedAt: Date;
  finishedAt: Date | null;
  deleted: DeletedCounts;
  error: string | null;
}

/** Records that a run started at `startedAt`; returns its id. */
export async function insertHousekeepingRun(db: Db, startedAt: Date): Promise<string> {
  const row = await db
    .insertInto('housekeepingRuns')
    .values({ startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records what the run deleted (also when it failed part way: what it did delete) and how it ended. */
export async function finishHousekeepingRun(
  db: Db,
  id: string,
  outcome: { finishedAt: Date; deleted: DeletedCounts; error: string | null },
): Promise<void> {
  await db
    .updateTable('housekeepingRuns')
    .set({ finishedAt: outcome.finishedAt, deleted: JSON.stringify(outcome.deleted), error: outcome.error })
    .where('id', '=', id)
    .execute();
}

/** The newest run, or undefined before the first. */
export async function latestHousekeepingRun(db: Db): Promise<HousekeepingRun | undefined> {
  const row = await db
    .selectFrom('housekeepingRuns')
    .select(['startedAt', 'finishedAt', 'deleted', 'error'])
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  // jsonb arrives parsed from both drivers; a text value is parsed here all the same.
  const deleted = typeof row.deleted === 'string' ? (JSON.parse(row.deleted) as DeletedCounts) : row.deleted;
  return { ...row, deleted };
}

/** Deletes up to `limit` runs started before `before` (the housekeeping prunes its own record). */
export async function deleteHousekeepingRunsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from housekeeping_runs
    where id in (select id from housekeeping_runs where started_at < ${before}::timestamptz limit ${limit})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
