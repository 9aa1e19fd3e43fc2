import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateProfileResponse } from '@jobbportalen/contracts/api/candidate-profile';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

// The judged CVs of CV matching (read as files: one feature's tests import no other feature).
const cvFixture = (name: string) =>
  fs.readFileSync(new URL(`../match/fixtures/cvs/${name}`, import.meta.url));
const FULLSTACK_CV = cvFixture('sv-fullstack-goteborg.pdf');

type Part = { field: string; value: string } | { field: string; file: Buffer; name: string };

/** A multipart body as a browser sends it, built by the platform's own FormData. */
async function multipartBody(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else
      form.append(part.field, new Blob([new Uint8Array(part.file)], { type: 'application/pdf' }), part.name);
  }
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
const URL_PROFILE = '/api/candidate/profile';

interface UploadFields {
  consent?: string;
  keepCv?: string;
  letter?: string;
  fileName?: string;
  content?: Buffer;
}

const skillNames = (body: CandidateProfileResponse) => body.profile.skills.map((skill) => skill.name);

describe.each(testDatabaseKinds())('Min profil: /api/candidate/profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...RELAXED_RATE_LIMITS, MATCH_RATE_LIMIT_PER_IP: '1000' } });
  });
  afterAll(() => t.close());

  const upload = async (user: TestUser | null, fields: UploadFields = {}) => {
    const { consent = 'true', keepCv, letter, fileName = 'amir.pdf', content = FULLSTACK_CV } = fields;
    const body = await multipartBody([
      { field: 'cv', name: fileName, file: content },
      ...(letter === undefined ? [] : [{ field: 'letter', value: letter }]),
      ...(keepCv === undefined ? [] : [{ field: 'keepCv', value: keepCv }]),
      ...(consent === '' ? [] : [{ field: 'consent', value: consent }]),
    ]);
    return t.app.inject({
      method: 'PUT',
      url: URL_PROFILE,
      payload: body.payload,
      headers: { ...body.headers, ...(user ? bearer(user.token) : {}) },
    });
  };
  const get = (user: TestUser, path = '') =>
    t.app.inject({ url: `${URL_PROFILE}${path}`, headers: bearer(user.token) });
  const patch = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PATCH', url: URL_PROFILE, payload, headers: bearer(user.token) });
  const remove = (user: TestUser) =>
    t.app.inject({ method: 'DELETE', url: URL_PROFILE, headers: bearer(user.token) });
  const suggest = (user: TestUser, kind: string, q: string) =>
    t.app.inject({ url: `${URL_PROFILE}/suggestions`, query: { kind, q }, headers: bearer(user.token) });
  const row = (userId: string) =>
    t.database.db
      .selectFrom('candidateProfiles')
      .select(['cvFile', 'cvFileName', 'cvSavedAt', 'profile'])
      .where('userId', '=', userId)
      .executeTakeFirst();

  it('reads a CV into a profile, lets its owner edit it, and deletes it', async () => {
    const user = await createUser(t);
    const created = await upload(user);
    expect(created.statusCode).toBe(201);
    const first = created.json<CandidateProfileResponse>();
    expect(skillNames(first)).toEqual(expect.arrayContaining(['Java', 'Spring Boot', 'React', 'Kubernetes']));
    expect(first.profile.occupations.map((o) => o.name)).not.toContain('CD');
    expect(first.profile.locations[0]).toEqual({ municipality: 'Göteborg', region: 'Västra Götalands län' });
    expect(first.profile.languages).toEqual(expect.arrayContaining(['Svenska', 'Engelska', 'Persiska']));
    expect(first.cv).toBeNull();
    // The box not ticked: no bytes, no name kept.
    expect(await row(user.id)).toMatchObject({ cvFile: null, cvFileName: null, cvSavedAt: null });

    const read = await get(user);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(first);

    // Remove Docker, add Python found by the typeahead, add Mölndal.
    const python = (await suggest(user, 'skill', 'pyth')).json().suggestions[0];
    expect(python.name).toBe('Python');
    const edited = await patch(user, {
      skills: [...first.profile.skills.filter((skill) => skill.name !== 'Docker'), python],
      locations: [...first.profile.locations, { municipality: 'mölndal', region: null }],
      languages: [...first.profile.languages, 'tyska'],
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.json<CandidateProfileResponse>();
    expect(skillNames(after)).toContain('Python');
    expect(skillNames(after)).not.toContain('Docker');
    expect(after.profile.locations).toContainEqual({
      municipality: 'Mölndal',
      region: 'Västra Götalands län',
    });
    expect(after.profile.languages).toContain('Tyska');
    // Untouched fields stay.
    expect(after.profile.occupations).toEqual(first.profile.occupations);
    expect((await get(user)).json().profile).toEqual(after.profile);

    // Its 'Jobb som matchar min profil' goes with it; the account's other searches stay.
    const save = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/saved-searches', payload, headers: bearer(user.token) });
    expect((await save({ query: {}, profile: true, alert: 'daily' })).statusCode).toBe(201);
    expect((await save({ query: { search: 'java' }, alert: 'daily' })).statusCode).toBe(201);
    const searches = () =>
      t.database.db.selectFrom('savedSearches').select('queryKey').where('userId', '=', user.id).execute();
    expect(await searches()).toHaveLength(2);

    const removed = await remove(user);
    expect(removed.statusCode).toBe(204);
    expect(await row(user.id)).toBeUndefined();
    expect((await searches()).map((search) => search.queryKey)).toEqual([expect.stringContaining('java')]);
    const gone = await get(user);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('PROFILE_NOT_FOUND');
    expect((await remove(user)).statusCode).toBe(404);
  });

  it('refuses concepts it does not know, in Swedish with a code, and keeps the profile as it was', async () => {
    const user = await createUser(t);
    const before = (await upload(user)).json<CandidateProfileResponse>();
    const cases: [object, RegExp][] = [
      [{ skills: [{ id: 'inte-ett-begrepp', name: 'Trolleri' }] }, /Kompetensen ”Trolleri”/],
      [
        { occupations: [{ id: 'inte-ett-yrke', name: 'Drakdresserare', years: 2 }] },
        /Yrket ”Drakdresserare”/,
      ],
      [{ languages: ['Klingonska'] }, /Språket ”Klingonska”/],
      [{ locations: [{ municipality: 'Atlantis', region: null }] }, /Orten ”Atlantis”/],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('UNKNOWN_CONCEPT');
      expect(response.json().message).toMatch(message);
    }
    const malformed = await patch(user, { drivingLicences: ['Q'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
    expect((await get(user)).json().profile).toEqual(before.profile);
  });

  it('keeps the file only when asked, gives it back byte for byte, and drops it on a new reading without the box', async () => {
    const user = await createUser(t);
    const kept = await upload(user, { keepCv: 'true', fileName: 'Amir Karimi CV åäö.pdf', letter: 'Hej!' });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().cv).toEqual({
      fileName: 'Amir Karimi CV åäö.pdf',
      sizeBytes: FULLSTACK_CV.length,
      savedAt: expect.any(String),
    });
    expect(Buffer.compare((await row(user.id))!.cvFile!, FULLSTACK_CV)).toBe(0);

    const download = await get(user, '/cv');
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, FULLSTACK_CV)).toBe(0);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Amir Karimi CV aao.pdf"; filename*=UTF-8''Amir%20Karimi%20CV%20%C3%A5%C3%A4%C3%B6.pdf`,
    );

    const replaced = await upload(user, { keepCv: 'false' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().cv).toBeNull();
    expect(await row(user.id)).toMatchObject({ cvFile: null, cvFileName: null });
    const none = await get(user, '/cv');
    expect(none.statusCode).toBe(404);
  });

  it('makes a kept file name safe to keep and to send', async () => {
    const user = await createUser(t);
    const kept = await upload(user, { keepCv: 'true', fileName: 'cv\u0007;<x>.exe', content: FULLSTACK_CV });
    expect(kept.json().cv.fileName).toBe('cv;x.exe.pdf');
    expect((await get(user, '/cv')).headers['content-disposition']).toBe(
      `attachment; filename="cv;x.exe.pdf"; filename*=UTF-8''cv%3Bx.exe.pdf`,
    );
  });

  it('needs consent: 400 CONSENT_REQUIRED and nothing kept', async () => {
    const user = await createUser(t);
    for (const consent of ['', 'false', 'ja']) {
      const response = await upload(user, { consent, keepCv: 'true' });
      expect(response.statusCode, consent).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'CONSENT_REQUIRED',
        message: 'Kryssa i att du godkänner att vi sparar uppgifterna ur ditt CV.',
      });
    }
    expect(await row(user.id)).toBeUndefined();
  });

  it('answers a file it cannot read as Matcha mig does (415), and a missing CV with 400', async () => {
    const user = await createUser(t);
    const text = await upload(user, { content: Buffer.from('bara text, inget dokument') });
    expect(text.statusCode).toBe(415);
    const empty = await upload(user, { content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Bifoga ditt CV.');
    expect(await row(user.id)).toBeUndefined();
    // A CV with little in it still makes a (small) profile.
    const small = await upload(user, {
      content: cvFixture('sv-underskoterska-malmo.doc'),
      fileName: 'cv.doc',
    });
    expect(small.statusCode).toBe(201);
  });

  it('needs a token for every route', async () => {
    const routes: [string, string][] = [
      ['GET', URL_PROFILE],
      ['PUT', URL_PROFILE],
      ['PATCH', URL_PROFILE],
      ['DELETE', URL_PROFILE],
      ['GET', `${URL_PROFILE}/cv`],
      ['GET', `${URL_PROFILE}/suggestions?kind=skill&q=java`],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({ method: method as 'GET', url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await upload(null)).statusCode).toBe(401);
  });

  it('shows a profile to its owner only', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await upload(owner, { keepCv: 'true' });
    expect((await get(other)).statusCode).toBe(404);
    expect((await get(other, '/cv')).statusCode).toBe(404);
    expect((await patch(other, { languages: [] })).json().code).toBe('PROFILE_NOT_FOUND');
    expect((await remove(other)).statusCode).toBe(404);
    expect((await get(owner)).statusCode).toBe(200);
  });

  it('is in the personal-data export (the file named, not its bytes) and goes with the account', async () => {
    const user = await createUser(t);
    const kept = (
      await upload(user, { keepCv: 'true', fileName: 'amir.pdf' })
    ).json<CandidateProfileResponse>();
    const exported = await t.app.inject({ url: '/api/candidate/export', headers: bearer(user.token) });
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.candidateProfile).toEqual(kept);
    expect(data.candidateProfile.cv).toMatchObject({ fileName: 'amir.pdf', sizeBytes: FULLSTACK_CV.length });
    expect(exported.body).not.toContain(FULLSTACK_CV.toString('base64').slice(0, 40));
    expect(data.notes.join(' ')).toMatch(/Min profil/);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/account',
      payload: { password: user.password },
      headers: bearer(user.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await row(user.id)).toBeUndefined();
  });

  it('exports null for an account without a profile', async () => {
    const user = await createUser(t);
    const exported = await t.app.inject({ url: '/api/candidate/export', headers: bearer(user.token) });
    expect(exported.json().candidateProfile).toBeNull();
  });

  it('suggests concepts by prefix and by word, Swedish letters and case folded', async () => {
    const user = await createUser(t);
    const names = async (kind: string, q: string) =>
      (await suggest(user, kind, q)).json<{ suggestions: { id: string; name: string }[] }>().suggestions;
    expect((await names('place', 'gote')).map((s) => s.name)).toEqual(['Götene', 'Göteborg']);
    expect((await names('place', 'MÖLN'))[0]).toMatchObject({ name: 'Mölndal' });
    expect((await names('skill', 'spring b')).map((s) => s.name)).toContain('Spring Boot');
    expect((await names('skill', 'boot')).map((s) => s.name)).toContain('Spring Boot');
    expect((await names('skill', 'kube'))[0]).toMatchObject({ name: 'Kubernetes' });
    expect((await names('language', 'pers'))[0]).toMatchObject({ name: 'Persiska' });
    expect((await names('occupation', 'systemutv')).length).toBeGreaterThan(0);
    expect(await names('occupation', 'systemutv')).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.stringMatching(/^Systemutvecklare/) })]),
    );
    expect((await names('skill', 'a')).length).toBe(10);
    expect(await names('skill', 'qqqzzz')).toEqual([]);
    const bad = await suggest(user, 'recipe', 'java');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await suggest(user, 'skill', '')).statusCode).toBe(400);
  });

  it('documents the routes in OpenAPI, secured', async () => {
    const { paths } = (await t.app.inject('/api/docs/json')).json();
    const profilePath = paths['/api/candidate/profile/'] ?? paths['/api/candidate/profile'];
    for (const method of ['get', 'put', 'patch', 'delete']) {
      expect(profilePath?.[method]?.security, method).toEqual([{ bearerAuth: [] }]);
    }
    expect(paths['/api/candidate/profile/cv']?.get?.summary).toBeTruthy();
    expect(paths['/api/candidate/profile/suggestions']?.get?.summary).toBeTruthy();
  });
});

describe.each(testDatabaseKinds())('Min profil: reading CVs is limited per account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...RELAXED_RATE_LIMITS, MATCH_RATE_LIMIT_PER_IP: '2' } });
  });
  afterAll(() => t.close());

  const put = async (user: TestUser, remoteAddress: string) => {
    const body = await multipartBody([
      { field: 'cv', name: 'cv.pdf', file: FULLSTACK_CV },
      { field: 'consent', value: 'true' },
    ]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/candidate/profile',
      remoteAddress,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(user.token) },
    });
  };

  it('refuses the third reading in a minute from any address, and not another account', async () => {
    const user = await createUser(t);
    expect((await put(user, '192.0.2.1')).statusCode).toBe(201);
    expect((await put(user, '192.0.2.2')).statusCode).toBe(200);
    const refused = await put(user, '192.0.2.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    const other = await createUser(t);
    expect((await put(other, '192.0.2.3')).statusCode).toBe(201);
  });
});
