import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { migrationProvider } from './index.js';

/** A stored ad as the schema before 0004 holds it, with its kept feed payload. */
const storedAd = (id: string, raw: Record<string, unknown>, removed = false) => sql`
  insert into jobs (id, title, description_html, description_text, vacancies, remote, must_have_skills,
                    nice_to_have_skills, raw, updated_at, removed_at)
  values (${id}, 'Lagerarbetare', '', '', 1, false, '[]', '[]', ${JSON.stringify(raw)}::jsonb, now(),
          ${removed ? new Date() : null})`;

describe.each(testDatabaseKinds())('migration 0004 (experience and driving licence) on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind, { migrate: false });
    const migrator = new Migrator({ db: database.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo('0003-alerts-and-mail');
    if (error) throw error;
    const { db } = database;
    await storedAd('both-false', {
      id: 'both-false',
      experience_required: false,
      driving_license_required: false,
    }).execute(db);
    await storedAd('both-true', {
      id: 'both-true',
      experience_required: true,
      driving_license_required: true,
    }).execute(db);
    await storedAd('silent', { id: 'silent' }).execute(db);
    // Not booleans: the feed's null and a value we cannot read both mean "does not say".
    await storedAd('odd', { id: 'odd', experience_required: null, driving_license_required: 'true' }).execute(
      db,
    );
    await storedAd('gone', { id: 'gone', experience_required: false }, true).execute(db);
    // Already waiting in the outbox: it stays queued, with a new version.
    await sql`insert into search_outbox (job_id, version) values ('silent', 3)`.execute(db);
  });
  afterAll(() => database.close());

  it('fills the two columns from the stored payload', async () => {
    // Up to 0004 only: later migrations change the jobs table and re-queue ads again.
    const { error, results } = await new Migrator({
      db: database.db,
      provider: migrationProvider,
    }).migrateTo('0004-experience-and-licence');
    if (error) throw error;
    expect(results?.map((result) => result.migrationName)).toEqual(['0004-experience-and-licence']);
    const rows = await database.db
      .selectFrom('jobs')
      .select(['id', 'experienceRequired', 'drivingLicenceRequired'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'both-false', experienceRequired: false, drivingLicenceRequired: false },
      { id: 'both-true', experienceRequired: true, drivingLicenceRequired: true },
      { id: 'gone', experienceRequired: false, drivingLicenceRequired: null },
      { id: 'odd', experienceRequired: null, drivingLicenceRequired: null },
      { id: 'silent', experienceRequired: null, drivingLicenceRequired: null },
    ]);
  });

  it('queues every live ad for the search index, and no removed one', async () => {
    const queued = await database.db
      .selectFrom('searchOutbox')
      .select(['jobId', 'version'])
      .orderBy('jobId')
      .execute();
    expect(queued).toEqual([
      { jobId: 'both-false', version: 1 },
      { jobId: 'both-true', version: 1 },
      { jobId: 'odd', version: 1 },
      { jobId: 'silent', version: 4 },
    ]);
  });
});
