import { completed } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveProfile } from '../features/candidate-profile/candidate-profile.repository.js';
import { TEST_DOCUMENTS } from '../features/match/fixtures/test-documents.js';
import { skillDisplayName } from '../features/match/profile/concept-names.js';
import { extractProfile } from '../features/match/profile/profile.js';
import { toSavedProfile } from '../features/match/profile/saved-profile.js';

/** A Java developer in Göteborg, read the way 'Min profil' keeps it. */
const JAVA_DEVELOPER = toSavedProfile(
  extractProfile(
    'Erik Svensson\nSystemutvecklare, Göteborg\nKompetenser: Java, SQL, PostgreSQL, Docker\nSpråk: svenska, engelska',
    '',
  ),
);

interface JobForYou {
  _id: string;
  matchReason: string;
  score: number;
}

/** The skill names a reason lists: 'Kompetenser: Java, SQL (2 av 3 krav)' and 'Meriterande: Docker'. */
function listedSkills(reason: string): string[] {
  return reason
    .split(' · ')
    .flatMap((part) => /^(?:Kompetenser|Meriterande): (.*?)(?: \(\d+ av \d+ krav\))?$/.exec(part)?.[1] ?? [])
    .flatMap((list) => list.replace(/ m\.fl\.$/, '').split(', '));
}

describe.each(testDatabaseKinds())('GET /api/candidate/jobs-for-you on %s', (kind) => {
  let t: TestApp;
  const get = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/candidate/jobs-for-you',
      headers: token ? bearer(token) : {},
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await completed(t.search.client.index(t.config.meiliIndex).addDocuments(TEST_DOCUMENTS));
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a login', async () => {
    const response = await get();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 404 PROFILE_NOT_FOUND to an account without a profile', async () => {
    const user = await createUser(t);
    const response = await get(user.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PROFILE_NOT_FOUND' });
  });

  it('gives a Java developer in Göteborg the developer ads first, each reason naming only what the ad asks and the profile holds', async () => {
    expect(JAVA_DEVELOPER.occupations.map((occupation) => occupation.name)).toContain('Systemutvecklare');
    const user = await createUser(t);
    await saveProfile(t.database.db, user.id, JAVA_DEVELOPER, null, new Date());

    const response = await get(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const jobs: JobForYou[] = response.json().jobs;
    expect(jobs.slice(0, 3).map((job) => job._id)).toEqual(['dev-gbg', 'dev-remote', 'dev-sthlm']);
    expect(jobs[0]!.matchReason).toBe(
      'Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Meriterande: Docker · Ort: Göteborg · Saknas: C#',
    );
    expect(jobs[1]!.matchReason).toContain('Distansarbete');
    // Best first, and the nurse's or the cleaner's ads far below the developer's.
    for (const job of jobs) expect(job.score).toBeLessThanOrEqual(jobs[0]!.score);
    const others = jobs.filter((job) => !job._id.startsWith('dev-'));
    for (const job of others) expect(job.score).toBeLessThan(jobs[2]!.score);

    const held = new Set(JAVA_DEVELOPER.skills.map((skill) => skill.name));
    for (const job of jobs) {
      const ad = TEST_DOCUMENTS.find((document) => document.id === job._id)!;
      const asked = new Set([...ad.mustHaveSkills, ...ad.niceToHaveSkills].map(skillDisplayName));
      for (const skill of listedSkills(job.matchReason)) {
        expect(asked, `${job._id}: ${job.matchReason}`).toContain(skill);
        expect(held, `${job._id}: ${job.matchReason}`).toContain(skill);
      }
    }
  });

  it('follows the profile: a nurse in Umeå gets the nurse ads, not the developer ones', async () => {
    const user = await createUser(t);
    const nurse = toSavedProfile(
      extractProfile('Sara Lind\nSjuksköterska i Umeå\nLegitimerad sjuksköterska sedan 2015', ''),
    );
    await saveProfile(t.database.db, user.id, nurse, null, new Date());
    const jobs: JobForYou[] = (await get(user.token)).json().jobs;
    expect(jobs[0]!._id).toBe('nurse-umea');
    expect(jobs.slice(0, 3).map((job) => job._id)).not.toContain('dev-gbg');
  });

  it('is in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = spec.paths['/api/candidate/jobs-for-you']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });
});
