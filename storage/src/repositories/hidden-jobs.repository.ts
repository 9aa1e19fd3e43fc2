// Owns the `hidden_jobs` table: the ads an admin has hidden (after a report). An ad in it is not
// live (see isLive in jobs.repository.ts), whatever the feed writes to its row meanwhile. Callers
// that hide or show an ad queue it for the search index in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.types.js';

type Db = Kysely<Database>;

/** Hides the ad; false when it was hidden already (the first hiding, and its reason, stand). */
export async function hideJob(
  db: Db,
  hidden: { jobId: string; hiddenBy: string | null; reason: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('hiddenJobs')
    .values(hidden)
    .onConflict((oc) => oc.column('jobId').doNothing())
    .returning('jobId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Shows the ad again; false when it was not hidden. */
export async function unhideJob(db: Db, jobId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('hiddenJobs')
    .where('jobId', '=', jobId)
    .returning('jobId')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The hidden ads with what the admin list shows of them, most recently hidden first. */
export function listHiddenJobs(db: Db, limit: number) {
  return db
    .selectFrom('hiddenJobs')
    .innerJoin('jobs', 'jobs.id', 'hiddenJobs.jobId')
    .select([
      'hiddenJobs.jobId',
      'hiddenJobs.hiddenAt',
      'hiddenJobs.reason',
      'jobs.title',
      'jobs.company',
      'jobs.removedAt',
    ])
    .orderBy('hiddenJobs.hiddenAt', 'desc')
    .orderBy('hiddenJobs.jobId')
    .limit(limit)
    .execute();
}
