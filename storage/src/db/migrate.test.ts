import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { migrateToLatest } from './migrate.js';

describe.each(testDatabaseKinds())('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind, { migrate: false });
  });
  afterAll(() => database.close());

  it('creates every table, and a second run changes nothing', async () => {
    const applied = await migrateToLatest(database.db);
    expect(applied).toEqual([
      '0001-initial-schema',
      '0002-rate-limit-counters',
      '0003-alerts-and-mail',
      '0004-experience-and-licence',
      '0005-ad-details',
      '0006-ad-reports',
      '0007-search-replicas',
      '0008-housekeeping-runs',
      '0009-candidate-profiles',
    ]);
    const tables = await sql<{ tableName: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(
      database.db,
    );
    expect(tables.rows.map((r) => r.tableName)).toEqual(
      expect.arrayContaining([
        'ad_reports',
        'alert_mails',
        'candidate_profiles',
        'feed_control',
        'mail_outbox',
        'feed_state',
        'hidden_jobs',
        'housekeeping_runs',
        'import_log',
        'jobs',
        'page_views',
        'rate_limit_counters',
        'saved_jobs',
        'saved_searches',
        'search_outbox',
        'search_replicas',
        'site_settings',
        'users',
      ]),
    );
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('enforces the schema rules: unique e-mail, known roles, one feed-state row', async () => {
    const { db } = database;
    await db.insertInto('users').values({ name: 'A', email: 'a@example.se', passwordHash: 'x' }).execute();
    await expect(
      db.insertInto('users').values({ name: 'B', email: 'a@example.se', passwordHash: 'y' }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await expect(
      db
        .insertInto('users')
        .values({ name: 'C', email: 'c@example.se', passwordHash: 'z', role: 'root' as 'admin' })
        .execute(),
    ).rejects.toThrow(/check/i);
    const state = await db.selectFrom('feedState').selectAll().execute();
    expect(state).toHaveLength(1);
    expect(state[0]?.running).toBe(false);
  });

  it('round-trips a job with jsonb and timestamps', async () => {
    const { db } = database;
    await db
      .insertInto('jobs')
      .values({
        id: '123',
        title: 'Sjuksköterska',
        descriptionHtml: '<p>Hej</p>',
        descriptionText: 'Hej',
        vacancies: 2,
        remote: false,
        mustHaveSkills: JSON.stringify(['Akutsjukvård']),
        niceToHaveSkills: JSON.stringify([]),
        raw: JSON.stringify({ id: '123' }),
        lastDate: new Date('2026-12-24T22:59:00Z'),
        updatedAt: new Date(),
      })
      .execute();
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', '123').executeTakeFirstOrThrow();
    expect(job.mustHaveSkills).toEqual(['Akutsjukvård']);
    expect(job.lastDate?.toISOString()).toBe('2026-12-24T22:59:00.000Z');
    expect(job.removedAt).toBeNull();
  });
});
