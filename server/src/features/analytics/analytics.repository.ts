import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

/** One more view of `path` on `day`; the (day, path) key makes concurrent calls add up. */
export async function incrementPageView(db: Db, day: string, path: string): Promise<void> {
  await db
    .insertInto('pageViews')
    .values({ day, path, views: 1 })
    .onConflict((oc) => oc.columns(['day', 'path']).doUpdateSet({ views: sql<number>`page_views.views + 1` }))
    .execute();
}

/** Views per day (all paths) between two days inclusive; days without views are absent. */
export async function dailyViews(db: Db, firstDay: string, lastDay: string) {
  const rows = await db
    .selectFrom('pageViews')
    // `date` would come back as a JS Date at local midnight; text keeps the calendar day exact.
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`sum(views)`.as('views')])
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .groupBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, views: Number(row.views) }));
}
