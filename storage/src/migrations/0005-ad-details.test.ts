import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { migrationProvider } from './index.js';

const UPDATED_AT = new Date('2026-11-20T08:00:00Z');

/** A stored ad as the schema before 0005 holds it, with its kept feed payload. */
const storedAd = (
  id: string,
  raw: Record<string, unknown>,
  options: { removed?: boolean; title?: string } = {},
) => sql`
  insert into jobs (id, title, description_html, description_text, vacancies, remote, must_have_skills,
                    nice_to_have_skills, raw, updated_at, removed_at)
  values (${id}, ${options.title ?? 'Lagerarbetare'}, '', '', 1, false, '[]', '[]', ${JSON.stringify(raw)}::jsonb,
          ${UPDATED_AT}, ${options.removed ? new Date() : null})`;

const concept = (label: unknown) => ({ concept_id: 'x', label, legacy_ams_taxonomy_id: '1' });

describe.each(testDatabaseKinds())('migration 0005 (ad details) on %s', (kind) => {
  let database: TestDatabase;
  let migrator: Migrator;
  beforeAll(async () => {
    database = await openTestDatabase(kind, { migrate: false });
    migrator = new Migrator({ db: database.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo('0004-experience-and-licence');
    if (error) throw error;
    const { db } = database;
    await storedAd('full', {
      id: 'full',
      salary_type: concept('Fast månads- vecko- eller timlön'),
      duration: concept('Tills  vidare'),
      scope_of_work: { min: 75, max: '100' },
      must_have: { languages: [concept('Svenska'), concept('Engelska'), concept('svenska')] },
      driving_license: [concept('B'), { concept_id: 'y', label: 'CE' }],
      description: { text: 'Vi söker en truckförare.\nUrval och intervjuer\nsker LÖPANDE.' },
    }).execute(db);
    await storedAd('silent', {
      id: 'silent',
      description: { text: 'Urvalet sker efter sista ansökningsdag.' },
    }).execute(db);
    // What the feed writes for "nothing", and values no reader can use.
    await storedAd('odd', {
      id: 'odd',
      salary_type: concept('[]'),
      duration: null,
      scope_of_work: { min: 'mycket', max: 250 },
      must_have: { languages: 'Svenska' },
      driving_license: null,
    }).execute(db);
    await storedAd('titled', { id: 'titled' }, { title: 'Kock – vi tillämpar löpande urval' }).execute(db);
    await storedAd('gone', { id: 'gone', duration: concept('Sommarjobb') }, { removed: true }).execute(db);
    // Already waiting in the outbox: it stays queued, with a new version.
    await sql`insert into search_outbox (job_id, version) values ('silent', 3)`.execute(db);
  });
  afterAll(() => database.close());

  it('fills the facts from the stored payload and the flag from the ad’s words', async () => {
    const { error } = await migrator.migrateTo('0005-ad-details');
    if (error) throw error;
    const rows = await database.db
      .selectFrom('jobs')
      .select([
        'id',
        'salaryType',
        'duration',
        'scopeOfWorkMin',
        'scopeOfWorkMax',
        'mustHaveLanguages',
        'drivingLicences',
        'rollingSelection',
        'lastConfirmedAt',
      ])
      .orderBy('id')
      .execute();
    const none = { salaryType: null, duration: null, scopeOfWorkMin: null, scopeOfWorkMax: null };
    expect(rows).toEqual([
      {
        id: 'full',
        salaryType: 'Fast månads- vecko- eller timlön',
        duration: 'Tills vidare',
        scopeOfWorkMin: 75,
        scopeOfWorkMax: 100,
        mustHaveLanguages: ['Svenska', 'Engelska'],
        drivingLicences: ['B', 'CE'],
        rollingSelection: true,
        lastConfirmedAt: UPDATED_AT,
      },
      {
        id: 'gone',
        ...none,
        duration: 'Sommarjobb',
        mustHaveLanguages: [],
        drivingLicences: [],
        rollingSelection: false,
        lastConfirmedAt: null,
      },
      {
        id: 'odd',
        ...none,
        mustHaveLanguages: [],
        drivingLicences: [],
        rollingSelection: false,
        lastConfirmedAt: UPDATED_AT,
      },
      {
        id: 'silent',
        ...none,
        mustHaveLanguages: [],
        drivingLicences: [],
        rollingSelection: false,
        lastConfirmedAt: UPDATED_AT,
      },
      {
        id: 'titled',
        ...none,
        mustHaveLanguages: [],
        drivingLicences: [],
        rollingSelection: true,
        lastConfirmedAt: UPDATED_AT,
      },
    ]);
  });

  it('queues every live ad for the search index, and no removed one', async () => {
    const queued = await database.db
      .selectFrom('searchOutbox')
      .select(['jobId', 'version'])
      .orderBy('jobId')
      .execute();
    expect(queued).toEqual([
      { jobId: 'full', version: 1 },
      { jobId: 'odd', version: 1 },
      { jobId: 'silent', version: 4 },
      { jobId: 'titled', version: 1 },
    ]);
  });
});
