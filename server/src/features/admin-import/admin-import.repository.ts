import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

export async function latestImportLog(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('importLog')
    .selectAll()
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function liveJobStats(db: Kysely<Database>) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<string>().as('ads'),
      eb.fn.coalesce(eb.fn.sum<string>('vacancies'), sql<string>`0`).as('vacancies'),
    ])
    .where('removedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return { ads: Number(row.ads), vacancies: Number(row.vacancies) };
}

export async function pendingCounts(db: Kysely<Database>) {
  const [commands, outbox] = await Promise.all([
    db
      .selectFrom('feedControl')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('startedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('searchOutbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { commands: Number(commands.count), outbox: Number(outbox.count) };
}

/**
 * Per Stockholm day over the last `days` days: ads written by imports, and ads live at the end of
 * the day (first seen before it ended, not removed by then).
 */
export async function importHistory(db: Kysely<Database>, days: number) {
  const result = await sql<{ day: string; imported: string; liveAds: string }>`
    with days as (
      select d::date as day
      from generate_series(
        (now() at time zone 'Europe/Stockholm')::date - (${days - 1})::integer,
        (now() at time zone 'Europe/Stockholm')::date,
        interval '1 day') as d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce((select sum(imported) from import_log
        where (date at time zone 'Europe/Stockholm')::date = days.day), 0) as imported,
      (select count(*) from jobs
        where first_seen_at < ((days.day + 1)::timestamp at time zone 'Europe/Stockholm')
          and (removed_at is null or removed_at >= ((days.day + 1)::timestamp at time zone 'Europe/Stockholm'))
      ) as live_ads
    from days order by days.day`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    imported: Number(row.imported),
    liveAds: Number(row.liveAds),
  }));
}
