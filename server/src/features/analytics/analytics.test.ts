import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockholmDate } from '@jobbportalen/contracts';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizePagePath } from './analytics.service.js';
import { daysEndingWith } from './stockholm-day.js';

describe('page paths as counted', () => {
  it('drops query string and fragment, keeps ids, and replaces e-mail segments', () => {
    expect(normalizePagePath('/jobb?search=sjuksköterska&city=Malmö')).toBe('/jobb');
    expect(normalizePagePath('/jobb/29876543#ansok')).toBe('/jobb/29876543');
    expect(normalizePagePath('/profil/anna@example.se/cv')).toBe('/profil/:email/cv');
    expect(normalizePagePath('/profil/anna%40example.se')).toBe('/profil/:email');
    expect(normalizePagePath('/')).toBe('/');
  });

  it('refuses paths that do not start with / or are longer than 200 characters', () => {
    expect(() => normalizePagePath('jobb')).toThrow(/börja med \//);
    expect(() => normalizePagePath(`/${'a'.repeat(200)}`)).toThrow(/högst 200 tecken/);
    expect(normalizePagePath(`/${'a'.repeat(199)}?${'q'.repeat(1000)}`)).toHaveLength(200);
  });
});

describe.each(testDatabaseKinds())('page views on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_PAGEVIEWS_PER_IP: '5' } });
    admin = await createUser(t, 'admin');
  });
  afterAll(() => t.close());

  let nextIp = 1;
  const view = (payload: unknown, ip = `10.1.0.${nextIp++}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: payload as object,
      remoteAddress: ip,
    });
  const stats = (query = '', token = admin.token) =>
    t.app.inject({ url: `/api/admin/analytics/pageviews${query}`, headers: bearer(token) });
  const rows = () =>
    t.database.db.selectFrom('pageViews').select(['path', 'views']).orderBy('path').execute();

  it('counts views per path for today (Swedish date) with 204, no cookie and nothing about the visitor', async () => {
    const first = await view({ path: '/jobb/123?utm_source=x', referrer: 'https://www.google.com/' });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(first.headers['set-cookie']).toBeUndefined();
    await view({ path: '/jobb/123' });
    await view({ path: '/' });
    await view({ path: '/mina/anna@example.se' });
    expect(await rows()).toEqual([
      { path: '/', views: 1 },
      { path: '/jobb/123', views: 2 },
      { path: '/mina/:email', views: 1 },
    ]);
    const days = await t.database.db
      .selectFrom('pageViews')
      .select((eb) => eb.fn('to_char', [eb.ref('day'), eb.val('YYYY-MM-DD')]).as('day'))
      .distinct()
      .execute();
    expect(days).toEqual([{ day: stockholmDate(new Date()) }]);
    // Only day, path and count are stored: no IP, no referrer.
    const stored = JSON.stringify(await t.database.db.selectFrom('pageViews').selectAll().execute());
    expect(stored).not.toMatch(/10\.1\.0|google|anna/);
  });

  it('adds up simultaneous views of one path without losing any', async () => {
    await Promise.all(Array.from({ length: 20 }, () => view({ path: '/samtidigt' })));
    expect((await rows()).find((row) => row.path === '/samtidigt')?.views).toBe(20);
  });

  it.each([
    [{}],
    [{ path: 'jobb' }],
    [{ path: '/med mellanslag' }],
    [{ path: '/nul\u0000' }],
    [{ path: `/${'x'.repeat(10_000)}` }],
    [{ path: `/${'x'.repeat(300)}` }],
    [{ path: '/ok', referrer: 'r'.repeat(10_000) }],
  ])('answers 400 (never 500) to %#', async (payload) => {
    const response = await view(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 413 to a body far beyond any real page view', async () => {
    const response = await view({ path: `/${'x'.repeat(20_000)}` });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('limits page views per IP', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await view({ path: '/spam' }, ip)).statusCode).toBe(204);
    const limited = await view({ path: '/spam' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await rows()).find((row) => row.path === '/spam')?.views).toBe(5);
  });

  it('gives admins views per day for the last N days, zero days included, oldest first', async () => {
    const today = stockholmDate(new Date());
    const [threeDaysAgo] = daysEndingWith(today, 4);
    await t.database.db
      .insertInto('pageViews')
      .values([
        { day: threeDaysAgo!, path: '/a', views: 7 },
        { day: threeDaysAgo!, path: '/b', views: 5 },
        { day: daysEndingWith(today, 40)[0]!, path: '/old', views: 100 },
      ])
      .execute();
    const todayTotal = (await rows())
      .filter((row) => row.path !== '/old')
      .reduce((sum, row) => sum + row.views, 0);

    const response = await stats('?days=7');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      daysEndingWith(today, 7).map((day) => ({
        day,
        views: day === today ? todayTotal - 12 : day === threeDaysAgo ? 12 : 0,
      })),
    );
    const defaultRange = (await stats()).json();
    expect(defaultRange).toHaveLength(30);
    expect(defaultRange.at(-1).day).toBe(today);
  });

  it('pageview statistics: 400 for a bad days value, 401 without token, 403 for a candidate', async () => {
    expect((await stats('?days=0')).statusCode).toBe(400);
    expect((await stats('?days=9999')).statusCode).toBe(400);
    expect((await stats("?days=' OR 1=1 --")).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/analytics/pageviews' })).statusCode).toBe(401);
    const candidate = await createUser(t);
    expect((await stats('', candidate.token)).statusCode).toBe(403);
  });
});
