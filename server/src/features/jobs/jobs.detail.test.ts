import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow, seedJobs } from '@jobbportalen/test-support/jobs';

const FIRST_SEEN = new Date('2025-01-14T06:00:00Z');
const CONFIRMED = new Date('2025-01-15T08:30:00Z');

describe.each(testDatabaseKinds())('GET /api/jobs/:id on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(
      t,
      [
        normalizedJob('29000001', {
          title: 'Sjuksköterska till vårdcentral',
          descriptionHtml: '<p>Välkommen till <strong>oss</strong>.</p>',
          descriptionText: 'Välkommen till oss.',
          lastDate: new Date('2025-02-28T22:59:59Z'),
          salaryType: 'Fast månads- vecko- eller timlön',
          duration: 'Tills vidare',
          scopeOfWorkMin: 75,
          scopeOfWorkMax: 100,
          mustHaveLanguages: ['Svenska', 'Engelska'],
          drivingLicences: ['B'],
          rollingSelection: true,
        }),
      ],
      [normalizedJob('29000002', { title: 'Borttagen annons' })],
    );
    // The feed times as the indexer would have written them (the first sighting is never updated by our code).
    await sql`update jobs set first_seen_at = ${FIRST_SEEN}, last_confirmed_at = ${CONFIRMED}
              where id in ('29000001', '29000002')`.execute(t.database.db);
    // Stored and live, but not (yet) in the index: the outbox has not caught up.
    await t.database.db
      .insertInto('jobs')
      .values(normalizedJobRow(normalizedJob('29000003', { title: 'Ännu inte indexerad' }), null))
      .execute();
  });
  afterAll(() => t?.close());

  it('answers a live ad as a Job with the whole description', async () => {
    const response = await t.app.inject('/api/jobs/29000001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: '29000001',
      title: 'Sjuksköterska till vårdcentral',
      company: 'Testbolaget AB',
      employer: 'Testbolaget AB',
      location: 'Uppsala',
      category: 'Transport',
      mainCategory: null,
      extent: 'Heltid',
      form: 'Vanlig anställning',
      description: 'Välkommen till oss.',
      descriptionHtml: '<p>Välkommen till <strong>oss</strong>.</p>',
      lastDate: '2025-02-28T22:59:59.000Z',
      applicationUrl: 'https://example.se/jobb/29000001',
      vacancies: 1,
      publishedAt: expect.any(String),
      salaryType: 'Fast månads- vecko- eller timlön',
      duration: 'Tills vidare',
      scopeOfWorkMin: 75,
      scopeOfWorkMax: 100,
      mustHaveLanguages: ['Svenska', 'Engelska'],
      drivingLicences: ['B'],
      rollingSelection: true,
      firstSeenAt: FIRST_SEEN.toISOString(),
      lastConfirmedAt: CONFIRMED.toISOString(),
      removed: false,
    });
  });

  it('answers a removed ad with 410 GONE and the ad itself', async () => {
    const response = await t.app.inject('/api/jobs/29000002');
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'GONE',
      message: expect.any(String),
      error: expect.any(String),
      job: {
        _id: '29000002',
        title: 'Borttagen annons',
        removed: true,
        firstSeenAt: FIRST_SEEN.toISOString(),
        lastConfirmedAt: CONFIRMED.toISOString(),
      },
    });
  });

  it('answers an unknown id with 404 NOT_FOUND "Jobb ej hittat."', async () => {
    for (const id of [
      '99999999',
      'no-such-ad',
      encodeURIComponent('../../keys'),
      encodeURIComponent('a b'),
    ]) {
      const response = await t.app.inject(`/api/jobs/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Jobb ej hittat.',
        error: 'Jobb ej hittat.',
      });
    }
  });

  it('falls back to Postgres for a live ad the index does not hold yet', async () => {
    const response = await t.app.inject('/api/jobs/29000003');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: '29000003',
      title: 'Ännu inte indexerad',
      removed: false,
      firstSeenAt: expect.any(String),
      // Written by a test, not by the feed: never confirmed.
      lastConfirmedAt: null,
    });
  });
});
