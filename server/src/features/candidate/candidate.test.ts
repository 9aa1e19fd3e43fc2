import { NO_AD_DETAILS } from '@jobbportalen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, jobRow, RELAXED_RATE_LIMITS } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

describe.each(testDatabaseKinds())('saved jobs and the account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
    await t.database.db
      .insertInto('jobs')
      .values([
        jobRow({ id: 'job-1', title: 'Sjuksköterska', company: 'Region Uppsala', vacancies: 3 }),
        jobRow({ id: 'job-2', title: 'Javautvecklare' }),
        jobRow({ id: 'job-3', title: 'Säljare' }),
        jobRow({ id: 'gone-1', title: 'Borttagen annons', removedAt: '2030-06-02T10:00:00Z' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const save = (token: string, jobId: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/candidate/save-job',
      headers: bearer(token),
      payload: { jobId },
    });
  const list = (token: string) => t.app.inject({ url: '/api/candidate/saved-jobs', headers: bearer(token) });
  const unsave = (token: string, jobId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/candidate/saved-jobs/${encodeURIComponent(jobId)}`,
      headers: bearer(token),
    });
  const deleteAccount = (token: string, body?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/account',
      headers: bearer(token),
      ...(body ? { payload: body } : {}),
    });
  const savedRows = (userId: string) =>
    t.database.db.selectFrom('savedJobs').selectAll().where('userId', '=', userId).execute();

  it('every candidate route answers 401 without a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/candidate/save-job'],
      ['GET', '/api/candidate/saved-jobs'],
      ['DELETE', '/api/candidate/saved-jobs/job-1'],
      ['DELETE', '/api/candidate/account'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { jobId: 'job-1' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('Du måste logga in.');
    }
  });

  it('saves a job with 201 and the Swedish message; saving again keeps one row', async () => {
    const user = await createUser(t);
    const first = await save(user.token, 'job-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Jobbet har sparats.' });
    const again = await save(user.token, 'job-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Jobbet har sparats.' });
    expect(await savedRows(user.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown job id (also SQL-looking) and 400 for a missing or huge one', async () => {
    const user = await createUser(t);
    const unknown = await save(user.token, 'finns-inte');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Jobbet hittades inte.' });
    expect((await save(user.token, "' OR 1=1 --")).statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/save-job',
      headers: bearer(user.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Ange ett giltigt jobb-id.');
    expect((await save(user.token, 'x'.repeat(10_000))).statusCode).toBe(400);
    expect((await save(user.token, 'job\u00001')).statusCode).toBe(400);
    expect((await unsave(user.token, 'job\u00001')).statusCode).toBe(400);
    expect(await savedRows(user.id)).toHaveLength(0);
  });

  it('does not save an ad that has already been removed from the feed (410)', async () => {
    const user = await createUser(t);
    const response = await save(user.token, 'gone-1');
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'GONE' });
  });

  it('lists saved jobs newest saved first, in the Job shape, keeping a later removed ad marked removed', async () => {
    const user = await createUser(t);
    for (const id of ['job-1', 'job-2', 'job-3']) expect((await save(user.token, id)).statusCode).toBe(201);
    await t.database.db
      .updateTable('jobs')
      .set({ removedAt: new Date() })
      .where('id', '=', 'job-2')
      .execute();

    const response = await list(user.token);
    expect(response.statusCode).toBe(200);
    const jobs = response.json<Record<string, unknown>[]>();
    expect(jobs.map((job) => job._id)).toEqual(['job-3', 'job-2', 'job-1']);
    expect(jobs.map((job) => job.removed)).toEqual([false, true, false]);
    expect(jobs[2]).toEqual({
      _id: 'job-1',
      title: 'Sjuksköterska',
      company: 'Region Uppsala',
      employer: 'Region Uppsala',
      location: 'Stockholm',
      category: 'Data/IT',
      mainCategory: 'IT',
      extent: 'Heltid',
      form: 'Tillsvidareanställning',
      description: 'Vi söker en utvecklare.',
      descriptionHtml: '<p>Vi söker en utvecklare.</p>',
      lastDate: '2030-06-30T21:59:59.000Z',
      applicationUrl: 'https://example.se/ansok',
      vacancies: 3,
      publishedAt: '2030-06-01T08:00:00.000Z',
      ...NO_AD_DETAILS,
      removed: false,
    });
    await t.database.db.updateTable('jobs').set({ removedAt: null }).where('id', '=', 'job-2').execute();
  });

  it('shows each candidate only their own saved jobs', async () => {
    const anna = await createUser(t);
    const bo = await createUser(t);
    await save(anna.token, 'job-1');
    expect((await list(bo.token)).json()).toEqual([]);
    expect((await unsave(bo.token, 'job-1')).statusCode).toBe(404);
    expect(await savedRows(anna.id)).toHaveLength(1);
  });

  it('removes a saved job with 204, and answers 404 when it is not saved', async () => {
    const user = await createUser(t);
    await save(user.token, 'job-1');
    await save(user.token, 'job-2');
    const removed = await unsave(user.token, 'job-1');
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await list(user.token)).json().map((job: { _id: string }) => job._id)).toEqual(['job-2']);
    const again = await unsave(user.token, 'job-1');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Jobbet finns inte bland dina sparade jobb.');
  });

  it('deletes the account and its saved jobs with the current password; the old token stops working', async () => {
    const user = await createUser(t);
    await save(user.token, 'job-1');
    await save(user.token, 'job-3');
    const response = await deleteAccount(user.token, { password: user.password });
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [],
    );
    expect(await savedRows(user.id)).toEqual([]);
    expect((await list(user.token)).statusCode).toBe(401);
    // The ads themselves stay.
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', ['job-1', 'job-3'])
      .execute();
    expect(jobs).toHaveLength(2);
  });

  it('refuses to delete the last admin account, but deletes an admin when another remains', async () => {
    await t.database.db.updateTable('users').set({ role: 'candidate' }).where('role', '=', 'admin').execute();
    const first = await createUser(t, 'admin');
    const refused = await deleteAccount(first.token, { password: first.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Det sista administratörskontot kan inte raderas.');
    await createUser(t, 'admin');
    const deleted = await deleteAccount(first.token, { password: first.password });
    expect(deleted.statusCode).toBe(204);
  });

  it('keeps the account when the password is missing or wrong: 400 in Swedish, and the session goes on', async () => {
    const user = await createUser(t);
    await save(user.token, 'job-1');
    const cases: [object | undefined, string][] = [
      [undefined, 'Ange ditt lösenord.'],
      [{}, 'Ange ditt lösenord.'],
      [{ password: '' }, 'Ange ditt lösenord.'],
      [{ password: `${user.password}x` }, 'Fel lösenord.'],
      [{ password: user.password.toUpperCase() }, 'Fel lösenord.'],
      [{ password: 'x'.repeat(5000) }, 'Fel lösenord.'],
    ];
    for (const [body, message] of cases) {
      const response = await deleteAccount(user.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', message });
      if (body) expect(response.json().details, JSON.stringify(body)).toMatchObject({ field: 'password' });
    }
    // Nothing went: the account, its saved job, and the session (a 401 would have logged it out).
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([
      { id: user.id },
    ]);
    expect(await savedRows(user.id)).toHaveLength(1);
    expect((await list(user.token)).statusCode).toBe(200);
  });

  describe('with a low per-IP limit of tries', () => {
    const TRIES_PER_IP = 3;
    let limited: TestApp;
    beforeAll(async () => {
      limited = await buildTestApp(kind, { env: { RATE_LIMIT_LOGIN_PER_IP: String(TRIES_PER_IP) } });
    });
    afterAll(() => limited.close());

    it(`counts every try per IP, as log-in does: the ${TRIES_PER_IP + 1}th in a minute is a 429`, async () => {
      const user = await createUser(limited);
      const attempt = (password: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'DELETE',
          url: '/api/candidate/account',
          headers: bearer(user.token),
          payload: { password },
          remoteAddress,
        });
      for (let i = 0; i < TRIES_PER_IP; i += 1)
        expect((await attempt(`gissning-${i}`, '10.9.0.1')).statusCode).toBe(400);
      const refused = await attempt(user.password, '10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // The right password from another address still works.
      expect((await attempt(user.password, '10.9.0.2')).statusCode).toBe(204);
    });
  });
});
