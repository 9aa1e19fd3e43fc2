import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from './alerts.test-helper.js';

describe.each(testDatabaseKinds())(
  'saved searches with the filters published, experience, drivingLicence and remote on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, {
        env: { ...RELAXED_RATE_LIMITS, PUBLIC_URL, ALERTS_SCHEDULER: 'false' },
      });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('stores and answers them typed as /api/jobs takes them, and describes them in Swedish', async () => {
      const user = await createUser(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: bearer(user.token),
        payload: {
          query: { search: 'lärare', published: 7, experience: false, drivingLicence: false, remote: true },
          alert: 'off',
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        // false stays false: the text 'false' would have been answered as true.
        query: { search: 'lärare', published: 7, experience: false, drivingLicence: false, remote: true },
        summary:
          '”lärare”, utan krav på erfarenhet, utan krav på körkort, distans, publicerade senaste veckan',
        path: '/jobb?search=l%C3%A4rare&published=7&experience=false&drivingLicence=false&remote=true',
      });
      const listed = await t.app.inject({ url: '/api/saved-searches', headers: bearer(user.token) });
      expect(listed.json().savedSearches[0].query).toEqual({
        search: 'lärare',
        published: 7,
        experience: false,
        drivingLicence: false,
        remote: true,
      });
    });

    it('leaves the order out (like the page), and refuses values outside the allowed sets', async () => {
      const user = await createUser(t);
      const sorted = await t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: bearer(user.token),
        payload: { query: { search: 'kock', sort: 'deadline' }, alert: 'off' },
      });
      expect(sorted.json()).toMatchObject({ query: { search: 'kock' }, path: '/jobb?search=kock' });
      for (const query of [
        { published: 2 },
        { published: 'veckan' },
        { experience: true },
        { remote: false },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/saved-searches',
          headers: bearer(user.token),
          payload: { query, alert: 'off' },
        });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(/ogiltig/i),
        });
      }
    });
  },
);
