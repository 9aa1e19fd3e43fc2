import { sql, type Kysely } from 'kysely';

/**
 * Retention (issue #28): the indexer's housekeeping deletes what is kept no longer than its
 * period (RETENTION_*_DAYS) and records each run here, for Översikt to show.
 *
 * Also the indexes its deletions look rows up by: without them each batch would scan the table
 * (closed ads by removal time; saved ads and reports by ad, which deleting an ad also cascades to).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('housekeeping_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    // Rows (or files) deleted per kind, e.g. {"importLog": 1234}: a kind added later needs no migration.
    .addColumn('deleted', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('error', 'text')
    .execute();
  await sql`create index housekeeping_runs_started on housekeeping_runs (started_at)`.execute(db);

  await sql`create index jobs_removed_at_idx on jobs (removed_at) where removed_at is not null`.execute(db);
  await sql`create index saved_jobs_job_idx on saved_jobs (job_id)`.execute(db);
  await sql`create index ad_reports_job_idx on ad_reports (job_id)`.execute(db);
  await sql`create index ad_reports_resolved_idx on ad_reports (resolved_at) where resolved_at is not null`.execute(
    db,
  );
  await sql`create index feed_control_finished_idx on feed_control (finished_at) where finished_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'feed_control_finished_idx',
    'ad_reports_resolved_idx',
    'ad_reports_job_idx',
    'saved_jobs_job_idx',
    'jobs_removed_at_idx',
  ])
    await sql`drop index ${sql.id(index)}`.execute(db);
  await db.schema.dropTable('housekeeping_runs').execute();
}
