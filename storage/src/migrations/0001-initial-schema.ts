import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must keep working after the app's types move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('candidate')
        .check(sql`role in ('candidate', 'admin')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('location', 'text')
    .addColumn('municipality', 'text')
    .addColumn('municipality_code', 'text')
    .addColumn('region', 'text')
    .addColumn('category', 'text')
    .addColumn('main_category', 'text')
    .addColumn('occupation', 'text')
    .addColumn('occupation_id', 'text')
    .addColumn('occupation_group', 'text')
    .addColumn('occupation_group_id', 'text')
    .addColumn('occupation_field', 'text')
    .addColumn('occupation_field_id', 'text')
    .addColumn('extent', 'text')
    .addColumn('form', 'text')
    .addColumn('last_date', 'timestamptz')
    .addColumn('application_url', 'text')
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vacancies', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remote', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('published_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('source_updated_at', 'timestamptz')
    .addColumn('must_have_skills', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('nice_to_have_skills', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('raw', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  // Live ads are what every count and the sitemap read.
  await db.schema
    .createIndex('jobs_live_published_idx')
    .on('jobs')
    .column('published_at')
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('jobs_expires_idx').on('jobs').column('expires_at').execute();

  await db.schema
    .createTable('saved_jobs')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saved_jobs_pk', ['user_id', 'job_id'])
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('search_outbox')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('enqueued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Bumped on every re-enqueue: the drainer deletes a row only if the version it indexed is
    // still the current one, so a change made while a batch was in flight is never dropped.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('import_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vacancies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('import_log_date_idx').on('import_log').column('date').execute();

  await db.schema
    .createTable('feed_state')
    .addColumn('id', 'integer', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('running', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('since', 'timestamptz')
    .addColumn('last_event_at', 'timestamptz')
    .addColumn('last_cursor', 'timestamptz')
    .addColumn('last_snapshot_at', 'timestamptz')
    .addColumn('progress_task', 'text')
    .addColumn('progress_processed', 'integer')
    .addColumn('progress_total', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into feed_state (id) values (1)`.execute(db);

  await db.schema
    .createTable('feed_control')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('command', 'text', (c) =>
      c.notNull().check(sql`command in ('start', 'stop', 'snapshot', 'reindex')`),
    )
    .addColumn('requested_by', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('page_views')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_views_pk', ['day', 'path'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'page_views',
    'feed_control',
    'feed_state',
    'import_log',
    'search_outbox',
    'site_settings',
    'saved_jobs',
    'jobs',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
