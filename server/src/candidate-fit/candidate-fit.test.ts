import {
  FIT_IDS_LIMIT,
  type FitResponse,
  type SavedProfile,
} from '@jobbportalen/contracts/api/candidate-profile';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import {
  bearer,
  createUser,
  jobRow,
  RELAXED_RATE_LIMITS,
  type TestUser,
} from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveProfile } from '../features/candidate-profile/candidate-profile.repository.js';

const FITS_PER_MINUTE = 40;

const profile = (kept: Partial<SavedProfile>): SavedProfile => ({
  occupations: [],
  skills: [],
  languages: [],
  drivingLicences: [],
  locations: [],
  yearsOfExperience: null,
  ...kept,
});

const JAVA = { id: 'jCsR_WQX_CKD', name: 'Java' };

describe.each(testDatabaseKinds())('GET /api/candidate/fit on %s', (kind) => {
  let t: TestApp;
  let seeker: TestUser;
  let trucker: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_FIT_PER_ACCOUNT: String(FITS_PER_MINUTE) },
    });
    await t.database.db
      .insertInto('jobs')
      .values([
        // The case: Java and Swedish the seeker has, a licence the seeker lacks.
        jobRow({
          id: 'driving-dev',
          drivingLicenceRequired: true,
          drivingLicences: JSON.stringify(['B']),
          mustHaveLanguages: JSON.stringify(['Svenska']),
          mustHaveSkills: JSON.stringify(['Java, programmeringsspråk']),
        }),
        jobRow({ id: 'no-requirements' }),
        jobRow({
          id: 'removed',
          mustHaveSkills: JSON.stringify(['Java, programmeringsspråk']),
          removedAt: '2030-06-02T10:00:00Z',
        }),
      ])
      .execute();
    seeker = await createUser(t);
    trucker = await createUser(t);
    const now = new Date();
    await saveProfile(
      t.database.db,
      seeker.id,
      profile({ skills: [JAVA], languages: ['Svenska'] }),
      null,
      now,
    );
    await saveProfile(t.database.db, trucker.id, profile({ drivingLicences: ['CE'] }), null, now);
  });
  afterAll(() => t.close());

  const fit = (token: string | null, ids: string) =>
    t.app.inject({
      url: `/api/candidate/fit?ids=${encodeURIComponent(ids)}`,
      headers: token ? bearer(token) : {},
    });

  it("shows a required licence the profile lacks as missing: 'Du uppfyller 2 av 3 krav'", async () => {
    const response = await fit(seeker.token, 'driving-dev');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [adFit] = response.json<FitResponse>().fits;
    expect(adFit).toEqual({
      jobId: 'driving-dev',
      met: 2,
      required: 3,
      requirements: [
        { kind: 'licence', label: 'Körkort B', required: true, met: false, evidence: null },
        { kind: 'language', label: 'Svenska', required: true, met: true, evidence: 'Svenska' },
        { kind: 'skill', label: 'Java', required: true, met: true, evidence: 'Java' },
      ],
    });
  });

  it('meets an ad asking for B with a CE licence', async () => {
    const [adFit] = (await fit(trucker.token, 'driving-dev')).json<FitResponse>().fits;
    expect(adFit!.requirements[0]).toEqual({
      kind: 'licence',
      label: 'Körkort B',
      required: true,
      met: true,
      evidence: 'CE',
    });
    expect([adFit!.met, adFit!.required]).toEqual([1, 3]);
  });

  it('answers in the order asked and leaves unknown and removed ads out', async () => {
    const response = await fit(seeker.token, 'no-requirements,unknown,removed,driving-dev,no-requirements');
    expect(response.statusCode).toBe(200);
    const { fits } = response.json<FitResponse>();
    expect(fits.map((item) => item.jobId)).toEqual(['no-requirements', 'driving-dev']);
    expect(fits[0]).toEqual({ jobId: 'no-requirements', met: 0, required: 0, requirements: [] });
  });

  it('uses only the asking account’s own profile', async () => {
    // Two accounts, two answers to the same question: each is read from its own profile.
    const [mine] = (await fit(seeker.token, 'driving-dev')).json<FitResponse>().fits;
    const [theirs] = (await fit(trucker.token, 'driving-dev')).json<FitResponse>().fits;
    expect(mine!.requirements.map((item) => item.met)).toEqual([false, true, true]);
    expect(theirs!.requirements.map((item) => item.met)).toEqual([true, false, false]);
  });

  it('answers 401 without a token', async () => {
    const response = await fit(null, 'driving-dev');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 404 PROFILE_NOT_FOUND to an account without a profile, whatever it asks', async () => {
    const newcomer = await createUser(t);
    const response = await fit(newcomer.token, 'driving-dev');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PROFILE_NOT_FOUND');
    expect(response.json().message).toBe('Du har ingen sparad profil.');
  });

  it(`refuses more than ${FIT_IDS_LIMIT} ids, and no ids at all, with 400 VALIDATION_FAILED`, async () => {
    const tooMany = Array.from({ length: FIT_IDS_LIMIT + 1 }, (_, index) => `ad-${index}`).join(',');
    const refused = await fit(seeker.token, tooMany);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `Högst ${FIT_IDS_LIMIT} annonser åt gången.`,
    });
    const limit = Array.from({ length: FIT_IDS_LIMIT }, (_, index) => `ad-${index}`).join(',');
    expect((await fit(seeker.token, limit)).statusCode).toBe(200);
    for (const ids of ['', 'x'.repeat(FIT_IDS_LIMIT * 40 + 1)]) {
      const response = await fit(seeker.token, ids);
      expect(response.statusCode, `ids of ${ids.length} characters`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const missing = await t.app.inject({ url: '/api/candidate/fit', headers: bearer(seeker.token) });
    expect(missing.statusCode).toBe(400);
  });

  it('limits reads per account: the next over the budget gets 429, another account is not affected', async () => {
    const reader = await createUser(t);
    await saveProfile(t.database.db, reader.id, profile({}), null, new Date());
    const statuses: number[] = [];
    for (let index = 0; index <= FITS_PER_MINUTE; index += 1)
      statuses.push((await fit(reader.token, 'driving-dev')).statusCode);
    expect(statuses.slice(0, FITS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses[FITS_PER_MINUTE]).toBe(429);
    expect((await fit(trucker.token, 'driving-dev')).statusCode).toBe(200);
  });
});
