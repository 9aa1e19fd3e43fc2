import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { JOB_API_COLUMNS, type JobApiRow } from '../../http/job-response.js';

type Db = Kysely<Database>;

/** True when a row was added; saving again is a no-op thanks to the (user, job) primary key. */
export async function insertSavedJob(db: Db, userId: string, jobId: string): Promise<boolean> {
  const inserted = await db
    .insertInto('savedJobs')
    .values({ userId, jobId })
    .onConflict((oc) => oc.columns(['userId', 'jobId']).doNothing())
    .returning('jobId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The user's saved ads, newest saved first, removed ones included. */
export function listSavedJobs(db: Db, userId: string): Promise<JobApiRow[]> {
  return db
    .selectFrom('savedJobs')
    .innerJoin('jobs', 'jobs.id', 'savedJobs.jobId')
    .select(JOB_API_COLUMNS.map((column) => `jobs.${column}` as const))
    .where('savedJobs.userId', '=', userId)
    .orderBy('savedJobs.savedAt', 'desc')
    .orderBy('savedJobs.jobId')
    .execute();
}

export async function deleteSavedJob(db: Db, userId: string, jobId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('savedJobs')
    .where('userId', '=', userId)
    .where('jobId', '=', jobId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The user's saved ads as the export lists them: which ad, what it was called, and when saved. */
export function listSavedJobRecords(db: Db, userId: string) {
  return db
    .selectFrom('savedJobs')
    .innerJoin('jobs', 'jobs.id', 'savedJobs.jobId')
    .select(['savedJobs.jobId', 'jobs.title', 'jobs.company', 'savedJobs.savedAt'])
    .where('savedJobs.userId', '=', userId)
    .orderBy('savedJobs.savedAt', 'desc')
    .orderBy('savedJobs.jobId')
    .execute();
}
