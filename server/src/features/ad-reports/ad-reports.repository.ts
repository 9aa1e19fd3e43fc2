// Owns the `ad_reports` table: visitors' reports of ads ('Anmäl annons') and how an admin
// resolved them. Only open reports (resolved_at null) count for the moderation list.
import type { AdReportReason } from '@jobbportalen/contracts';
import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

export interface NewAdReport {
  jobId: string;
  reason: AdReportReason;
  message: string | null;
  reporterKey: string;
  userId: string | null;
}

/** Stores the report unless the same reporter has one open for the ad already (then: false). */
export async function insertAdReport(db: Db, report: NewAdReport): Promise<boolean> {
  const inserted = await db
    .insertInto('adReports')
    .values(report)
    .onConflict((oc) => oc.columns(['jobId', 'reporterKey']).where('resolvedAt', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The ads with open reports, most reported first (then most recently reported): how many, when
 * first and last, and what the moderation list shows of the ad.
 */
export function openReportSummaries(db: Db, limit: number) {
  return db
    .selectFrom('adReports')
    .innerJoin('jobs', 'jobs.id', 'adReports.jobId')
    .select((eb) => [
      'adReports.jobId',
      'jobs.title',
      'jobs.company',
      'jobs.removedAt',
      eb.fn.countAll<string>().as('count'),
      eb.fn.min('adReports.createdAt').as('firstReportedAt'),
      eb.fn.max('adReports.createdAt').as('lastReportedAt'),
    ])
    .where('adReports.resolvedAt', 'is', null)
    .groupBy(['adReports.jobId', 'jobs.title', 'jobs.company', 'jobs.removedAt'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(ad_reports.created_at)`, 'desc')
    .orderBy('adReports.jobId')
    .limit(limit)
    .execute();
}

/** Open reports per reason of each of `jobIds`, most frequent first. */
export async function openReasonCounts(db: Db, jobIds: readonly string[]) {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom('adReports')
    .select((eb) => ['jobId', 'reason', eb.fn.countAll<string>().as('count')])
    .where('jobId', '=', sql<string>`any(${[...jobIds]}::text[])`)
    .where('resolvedAt', 'is', null)
    .groupBy(['jobId', 'reason'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('reason')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The reporters' messages in the open reports of `jobIds`, newest first, at most `perJob` each. */
export function openReportMessages(db: Db, jobIds: readonly string[], perJob: number) {
  if (jobIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('adReports')
        .select((inner) => [
          'jobId',
          'reason',
          'message',
          'createdAt',
          sql<number>`row_number() over (partition by ${inner.ref('jobId')} order by ${inner.ref('createdAt')} desc)`.as(
            'rank',
          ),
        ])
        .where('jobId', '=', sql<string>`any(${[...jobIds]}::text[])`)
        .where('resolvedAt', 'is', null)
        .where('message', 'is not', null)
        .as('messages'),
    )
    .select(['jobId', 'reason', 'message', 'createdAt'])
    .where('rank', '<=', perJob)
    .orderBy('createdAt', 'desc')
    .execute();
}

/** Closes the ad's open reports with the admin's decision. Returns how many there were. */
export async function resolveOpenReports(
  db: Db,
  jobId: string,
  resolution: 'hidden' | 'dismissed',
  resolvedBy: string,
): Promise<number> {
  const resolved = await db
    .updateTable('adReports')
    .set({ resolvedAt: sql`now()`, resolution, resolvedBy })
    .where('jobId', '=', jobId)
    .where('resolvedAt', 'is', null)
    .executeTakeFirst();
  return Number(resolved.numUpdatedRows);
}

/** The reports a logged-in user made, newest first (never the reporter key): for an export. */
export function reportsByUser(db: Db, userId: string) {
  return db
    .selectFrom('adReports')
    .select(['jobId', 'reason', 'message', 'createdAt', 'resolvedAt', 'resolution'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Deletes up to `limit` reports an admin resolved before `before` (RETENTION_RESOLVED_REPORT_DAYS):
 * a resolved report holds a reporter's message and hashed address and nothing the moderation list
 * shows. Open reports stay whatever their age. Returns how many; fewer than `limit`: none are left.
 */
export async function deleteResolvedReportsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from ad_reports
    where id in (select id from ad_reports where resolved_at < ${before}::timestamptz limit ${limit})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
