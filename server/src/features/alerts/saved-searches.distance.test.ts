import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from './alerts.test-helper.js';

describe.each(testDatabaseKinds())('saved searches around a place (near, radiusKm) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...RELAXED_RATE_LIMITS, PUBLIC_URL, ALERTS_SCHEDULER: 'false' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const save = async (token: string, query: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: bearer(token),
      payload: { query, alert: 'off' },
    });
    expect(response.statusCode, JSON.stringify(query)).toBe(201);
    return response.json();
  };

  it('keep the place in its spelling and the radius, drop the order, and describe them in Swedish', async () => {
    const user = await createUser(t);
    expect(
      await save(user.token, { search: 'lärare', near: 'malmo', radiusKm: 10, sort: 'distance' }),
    ).toMatchObject({
      query: { search: 'lärare', near: 'Malmö', radiusKm: 10 },
      summary: '”lärare”, inom 10 km från Malmö',
      path: '/jobb?search=l%C3%A4rare&near=Malm%C3%B6&radiusKm=10',
    });
    // A position is kept rounded, and described without its coordinates.
    expect(await save(user.token, { near: '57.70871,11.97456' })).toMatchObject({
      query: { near: '57.71,11.97' },
      summary: 'nära min position (inom 30 km)',
      path: '/jobb?near=57.71%2C11.97',
    });
    const listed = await t.app.inject({ url: '/api/saved-searches', headers: bearer(user.token) });
    expect(listed.json().savedSearches.map((saved: { query: unknown }) => saved.query)).toEqual(
      expect.arrayContaining([{ search: 'lärare', near: 'Malmö', radiusKm: 10 }, { near: '57.71,11.97' }]),
    );
  });
});
