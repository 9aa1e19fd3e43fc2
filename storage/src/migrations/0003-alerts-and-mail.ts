import { sql, type Kysely } from 'kysely';

/**
 * Saved searches with e-mail alerts (for accounts and for visitors with only an address), what
 * each alert has reported, the mail outbox, and the account columns e-mail needs: a verified
 * address, and a token version that changing the password bumps so every earlier token dies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // An account's saved search, or (user_id null) a visitor's subscription by address alone.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    // The search in /api/jobs's parameter names, canonical (no page, no page size).
    .addColumn('query', 'jsonb', (c) => c.notNull())
    // serializeJobQuery of it: equal searches are equal keys (one saved search; one search a run).
    .addColumn('query_key', 'text', (c) => c.notNull())
    .addColumn('alert', 'text', (c) => c.notNull().check(sql`alert in ('off', 'instant', 'daily', 'weekly')`))
    // Accounts: when saved. Visitors: when the confirmation link was opened (null: nothing is sent).
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // newCount counts the live ads first seen after this.
    .addColumn('last_opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Opened or a mail link clicked: a subscription idle for 12 months is reminded, then removed.
    .addColumn('last_engaged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reminder_sent_at', 'timestamptz')
    // The alert's watermark: ads first seen up to here have been considered by a run.
    .addColumn('checked_until', 'timestamptz')
    .addColumn('last_mailed_at', 'timestamptz')
    .addCheckConstraint('saved_searches_owner', sql`user_id is not null or email is not null`)
    .execute();
  await sql`create unique index saved_searches_account_query on saved_searches (user_id, query_key) where user_id is not null`.execute(
    db,
  );
  await sql`create unique index saved_searches_visitor_query on saved_searches (email, query_key) where user_id is null`.execute(
    db,
  );
  await sql`create index saved_searches_due on saved_searches (alert, query_key) where alert <> 'off'`.execute(
    db,
  );

  // The sent set: one row per alert mail, naming the ads it reported. (subscription, period) is
  // the mail's idempotency key, so a crashed or repeated run cannot report a period twice.
  await db.schema
    .createTable('alert_mails')
    .addColumn('saved_search_id', 'uuid', (c) =>
      c.notNull().references('saved_searches.id').onDelete('cascade'),
    )
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('job_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('alert_mails_pk', ['saved_search_id', 'period'])
    .execute();
  await sql`create index alert_mails_created on alert_mails (created_at)`.execute(db);

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    // What the template needs; the mail is rendered when it is delivered.
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index mail_outbox_queue on mail_outbox (next_attempt_at) where status = 'queued'`.execute(
    db,
  );
  await sql`create index mail_outbox_sent_at on mail_outbox (sent_at) where sent_at is not null`.execute(db);
  // Housekeeping deletes delivered and failed mails by age, every scheduler tick.
  await sql`create index mail_outbox_done_created on mail_outbox (created_at) where status <> 'queued'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('alert_mails').execute();
  await db.schema.dropTable('saved_searches').execute();
  await db.schema.alterTable('users').dropColumn('token_version').dropColumn('email_verified_at').execute();
}
