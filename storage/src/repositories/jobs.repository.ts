// Owns the `jobs` table: every query of it lives here. The server reads ads from it (job pages,
// the sitemap, admin statistics) and the indexer writes them; both import these functions from
// @jobbportalen/storage. Writers that must also queue the search outbox call them inside their
// own transaction (a Transaction is a Kysely too).
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, JobRow, NewJobRow } from '../db/database.types.js';

type Db = Kysely<Database>;

export type JobColumn = keyof JobRow & string;

/**
 * Kysely cannot type select() with a generic column list; typed as a list of any columns, its rows
 * are typed as whole rows, which a Pick of the asked-for columns accepts.
 */
const everyColumnOf = (columns: readonly JobColumn[]) => columns;

/**
 * The one rule of a live ad: not removed (an expired ad is marked removed as of its last
 * publication date, see expireJobsBefore) and not hidden by an admin (hidden_jobs, a table of its
 * own so that the feed's upserts of the ad never clear it). Everything the public sees — the
 * search index the outbox builds, the sitemap, alerts, counts — reads ads through it.
 */
const isLive = (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([
    eb('jobs.removedAt', 'is', null),
    eb.not(
      eb.exists(
        eb.selectFrom('hiddenJobs').select('hiddenJobs.jobId').whereRef('hiddenJobs.jobId', '=', 'jobs.id'),
      ),
    ),
  ]);

/** Whether the ad is live (see isLive); false for an id we never had. */
export async function isLiveJob(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('id').where('id', '=', id).where(isLive).executeTakeFirst();
  return row !== undefined;
}

/** The whole stored ad, removed or not; undefined when we never had it. */
export function findJobById(db: Db, id: string): Promise<JobRow | undefined>;
/** Only the columns asked for (the raw feed payload is large: leave it out when it is not needed). */
export function findJobById<C extends JobColumn>(
  db: Db,
  id: string,
  columns: readonly C[],
): Promise<Pick<JobRow, C> | undefined>;
export function findJobById(db: Db, id: string, columns?: readonly JobColumn[]) {
  const query = db.selectFrom('jobs').where('id', '=', id);
  if (!columns) return query.selectAll().executeTakeFirst();
  return query.select(columns).executeTakeFirst();
}

/**
 * The columns asked for and whether the ad is live (see isLive), in one query: a job page's
 * route reads both for every view.
 */
export async function findJobWithLiveness<C extends JobColumn>(
  db: Db,
  id: string,
  columns: readonly C[],
): Promise<(Pick<JobRow, C> & { live: boolean }) | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select(everyColumnOf(columns))
    .select((eb) => isLive(eb).as('live'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { live, ...columnsAsked } = row;
  return { ...(columnsAsked as Pick<JobRow, C>), live: Boolean(live) };
}

/** Whether an ad exists and when it was removed (null while it is live). */
export function findJobState(db: Db, id: string) {
  return db.selectFrom('jobs').select(['id', 'removedAt']).where('id', '=', id).executeTakeFirst();
}

export async function countLiveJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(isLive)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Live ads and the vacancies they offer. */
export async function liveJobStats(db: Db): Promise<{ ads: number; vacancies: number }> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<string>().as('ads'),
      eb.fn.coalesce(eb.fn.sum<string>('vacancies'), sql<string>`0`).as('vacancies'),
    ])
    .where(isLive)
    .executeTakeFirstOrThrow();
  return { ads: Number(row.ads), vacancies: Number(row.vacancies) };
}

/** Live ads, newest published first (the sitemap; the job page warmer, most visited first). */
export function liveJobsNewestFirst(db: Db, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'updatedAt'])
    .where(isLive)
    .orderBy('publishedAt', 'desc')
    .limit(limit)
    .execute();
}

/**
 * For each of the last `days` Stockholm days, oldest first: the ads live at the end of the day
 * (first seen before it ended, neither removed nor hidden by then: isLive, as of that moment).
 */
export async function liveJobsAtEndOfStockholmDays(
  db: Db,
  days: number,
): Promise<{ day: string; liveAds: number }[]> {
  const result = await sql<{ day: string; liveAds: string }>`
    with days as (
      select d::date as day
      from generate_series(
        (now() at time zone 'Europe/Stockholm')::date - (${days - 1})::integer,
        (now() at time zone 'Europe/Stockholm')::date,
        interval '1 day') as d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      (select count(*) from jobs
        where first_seen_at < ((days.day + 1)::timestamp at time zone 'Europe/Stockholm')
          and (removed_at is null or removed_at >= ((days.day + 1)::timestamp at time zone 'Europe/Stockholm'))
          and not exists (select 1 from hidden_jobs
            where hidden_jobs.job_id = jobs.id
              and hidden_jobs.hidden_at < ((days.day + 1)::timestamp at time zone 'Europe/Stockholm'))
      ) as live_ads
    from days order by days.day`.execute(db);
  return result.rows.map((row) => ({ day: row.day, liveAds: Number(row.liveAds) }));
}

/** The given columns of the live ads among `ids` (any order). */
export async function liveJobsByIds<C extends JobColumn>(
  db: Db,
  ids: readonly string[],
  columns: readonly C[],
): Promise<Pick<JobRow, C>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('jobs')
    .select(everyColumnOf(columns))
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .where(isLive)
    .execute();
}

/** One page of live ads in id order after `afterId` (keyset pagination), with the given columns. */
export function liveJobsPage<C extends JobColumn>(
  db: Db,
  afterId: string,
  limit: number,
  columns: readonly C[],
): Promise<Pick<JobRow, C>[]> {
  return db
    .selectFrom('jobs')
    .select(everyColumnOf(columns))
    .where(isLive)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Ads not removed (hidden ones too) written before `before`, in id order, a page at a time
 * (keyset pagination): the snapshot import retires those it no longer contains, and the feed's
 * removal of an ad holds whether or not an admin had hidden it.
 */
export async function* liveJobIdsWrittenBefore(db: Db, before: Date, pageSize = 5000) {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('jobs')
      .select('id')
      .where('removedAt', 'is', null)
      .where('updatedAt', '<', before)
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (page.length === 0) return;
    yield page.map((row) => row.id);
    after = page[page.length - 1]!.id;
  }
}

/** The newest live ad first seen among those written since `since` (benchmarks search for it). */
export function newestLiveJobWrittenSince(db: Db, since: Date) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title', 'publishedAt'])
    .where('updatedAt', '>=', since)
    .where(isLive)
    .orderBy('firstSeenAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The feed version (`sourceUpdatedAt`) we hold of each of `ids` we have. */
export async function storedJobVersions(db: Db, ids: readonly string[]): Promise<Map<string, Date | null>> {
  if (ids.length === 0) return new Map();
  const stored = await db
    .selectFrom('jobs')
    .select(['id', 'sourceUpdatedAt'])
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .execute();
  return new Map(stored.map((row) => [row.id, row.sourceUpdatedAt]));
}

/**
 * What an upsert overwrites: every column the rows bring, so a column added to the ad is carried
 * without being listed here; never the key or the first sighting, and the removal mark by its rule.
 */
function overwrittenColumns(
  rows: readonly NewJobRow[],
): Exclude<keyof NewJobRow, 'id' | 'firstSeenAt' | 'removedAt'>[] {
  const columns = new Set(rows.flatMap((row) => Object.keys(row) as (keyof NewJobRow)[]));
  for (const kept of ['id', 'firstSeenAt', 'removedAt'] as const) columns.delete(kept);
  return [...columns] as Exclude<keyof NewJobRow, 'id' | 'firstSeenAt' | 'removedAt'>[];
}

/**
 * Inserts ads, or overwrites the stored ones, but only with a newer feed version than stored (or
 * when either version is unknown). An ad removed after this version was published stays removed.
 * Each id at most once per call (ON CONFLICT cannot touch a row twice). Returns the rows written.
 */
export async function upsertJobsIfNewer(
  db: Db,
  rows: readonly NewJobRow[],
): Promise<{ id: string; vacancies: number }[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('jobs')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(
            overwrittenColumns(rows).map((column) => [column, eb.ref(`excluded.${column}`)] as const),
          ),
          removedAt: sql`case when jobs.removed_at is not null and excluded.source_updated_at <= jobs.removed_at
              then jobs.removed_at else null end`,
        }))
        .where((eb) =>
          eb.or([
            eb('jobs.sourceUpdatedAt', 'is', null),
            eb('excluded.sourceUpdatedAt', 'is', null),
            eb('excluded.sourceUpdatedAt', '>', eb.ref('jobs.sourceUpdatedAt')),
          ]),
        ),
    )
    .returning(['id', 'vacancies'])
    .execute();
}

/**
 * Records that the feed delivered these ads again, unchanged ('Senast bekräftad av
 * Arbetsförmedlingen'). Only the confirmation time changes: the ad and its search document stay.
 */
export async function confirmJobsDelivered(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ lastConfirmedAt: at })
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .where((eb) => eb.or([eb('lastConfirmedAt', 'is', null), eb('lastConfirmedAt', '<', at)]))
    .execute();
}

/**
 * Marks live ads removed, each at its own time, in one statement (content kept, for saved-job
 * lists); `updatedAt` becomes `now`. Returns the ids that were live.
 */
export async function markJobsRemovedAt(
  db: Db,
  removedAtById: ReadonlyMap<string, Date>,
  now: Date,
): Promise<string[]> {
  if (removedAtById.size === 0) return [];
  const removed = await sql<{ id: string }>`
      update jobs set removed_at = r.removed_at, updated_at = ${now}
      from unnest(${[...removedAtById.keys()]}::text[], ${[...removedAtById.values()]}::timestamptz[]) as r(id, removed_at)
      where jobs.id = r.id and jobs.removed_at is null
      returning jobs.id`.execute(db);
  return removed.rows.map((row) => row.id);
}

/** Marks the live ones among `ids` removed at `removedAt`. Returns their ids. */
export async function markJobsRemoved(db: Db, ids: readonly string[], removedAt: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await db
    .updateTable('jobs')
    .set({ removedAt, updatedAt: removedAt })
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .where('removedAt', 'is', null)
    .returning('id')
    .execute();
  return removed.map((row) => row.id);
}

/** Live ads past their last publication date become removed as of that date. Returns their ids. */
export async function expireJobsBefore(db: Db, now: Date): Promise<string[]> {
  const expired = await db
    .updateTable('jobs')
    .set({ removedAt: sql`expires_at`, updatedAt: now })
    .where('removedAt', 'is', null)
    .where('expiresAt', '<', now)
    .returning('id')
    .execute();
  return expired.map((row) => row.id);
}

// ---- Retention (the indexer's housekeeping) ------------------------------------------------------

/**
 * Empties the raw feed payload (whatever personal data the feed carried) of up to `limit` ads
 * removed or expired before `removedBefore`. The row stays, with the columns a saved-job list or a
 * removed ad's page shows. Returns how many were emptied; fewer than `limit`: none are left.
 */
export async function clearClosedJobPayloads(db: Db, removedBefore: Date, limit: number): Promise<number> {
  const result = await sql`
    update jobs set raw = '{}'::jsonb
    where id in (
      select id from jobs
      where removed_at < ${removedBefore}::timestamptz and raw <> '{}'::jsonb
      limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Deletes up to `limit` ads removed or expired before `removedBefore`, except those a user still
 * needs: one in someone's saved jobs ('Annonsen är borttagen' there), or one with a report no
 * admin has resolved yet (deleting the ad would cascade the report out of the moderation list).
 * An ad's hiding and resolved reports go with it (foreign keys, on delete cascade). The search
 * index is untouched: a closed ad left it when it was removed, and an outbox row for a missing
 * ad is delivered as a deletion. Returns how many were deleted; fewer than `limit`: none are left.
 */
export async function deleteClosedJobs(db: Db, removedBefore: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from jobs
    where id in (
      select j.id from jobs j
      where j.removed_at < ${removedBefore}::timestamptz
        and not exists (select 1 from saved_jobs s where s.job_id = j.id)
        and not exists (select 1 from ad_reports r where r.job_id = j.id and r.resolved_at is null)
      limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
