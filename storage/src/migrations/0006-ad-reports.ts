import { sql, type Kysely } from 'kysely';

/**
 * 'Anmäl annons': visitors' reports of an ad, and the ads an admin has hidden. The hiding lives
 * in a table of its own, not in a column of `jobs`: the feed rewrites an ad's row whenever the ad
 * changes, and a hidden ad must stay hidden through every such update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ad_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('discriminatory', 'fraud', 'payment', 'bankid', 'other')`),
    )
    .addColumn('message', 'text', (c) => c.check(sql`char_length(message) <= 1000`))
    // A keyed hash of the reporter's address: enough to count one reporter once, never the address.
    .addColumn('reporter_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolution', 'text', (c) => c.check(sql`resolution in ('hidden', 'dismissed')`))
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('ad_reports_resolved_together', sql`(resolved_at is null) = (resolution is null)`)
    .execute();
  // One open report per reporter and ad (a repeat is dropped); after a decision they may report again.
  await sql`create unique index ad_reports_open_per_reporter on ad_reports (job_id, reporter_key)
    where resolved_at is null`.execute(db);

  await db.schema
    .createTable('hidden_jobs')
    .addColumn('job_id', 'text', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('hidden_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('hidden_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hidden_jobs').execute();
  await db.schema.dropTable('ad_reports').execute();
}
