import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, login, RELAXED_RATE_LIMITS } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

describe.each(testDatabaseKinds())("'Logga ut överallt' on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
  });
  afterAll(() => t.close());

  const me = (app: TestApp, token: string) => app.app.inject({ url: '/api/auth/me', headers: bearer(token) });
  const logoutEverywhere = (app: TestApp, token: string | null, remoteAddress = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      headers: token ? bearer(token) : {},
      remoteAddress,
    });

  it('ends every session of the account, the one asking included; a new log-in works', async () => {
    const user = await createUser(t);
    const otherDevice = await login(t, user.email, user.password);
    const someoneElse = await createUser(t);
    for (const token of [user.token, otherDevice]) expect((await me(t, token)).statusCode).toBe(200);

    const response = await logoutEverywhere(t, otherDevice);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    for (const token of [user.token, otherDevice]) {
      const refused = await me(t, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // An ended session cannot ask again either.
    expect((await logoutEverywhere(t, user.token)).statusCode).toBe(401);
    // Other accounts are untouched; the account itself logs in as before.
    expect((await me(t, someoneElse.token)).statusCode).toBe(200);
    const fresh = await login(t, user.email, user.password);
    expect((await me(t, fresh)).json()).toMatchObject({ email: user.email });
  });

  it('answers 401 without a session, and is documented as a secured route', async () => {
    const anonymous = await logoutEverywhere(t, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Du måste logga in.' });
    const doc = (await t.app.inject('/api/docs/json')).json();
    const operation = doc.paths['/api/auth/logout-everywhere']?.post;
    expect(operation).toMatchObject({ summary: 'Logga ut överallt', security: [{ bearerAuth: [] }] });
    expect(Object.keys(operation.responses)).toContain('204');
  });

  describe('with a per-IP limit of one a minute', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await buildTestApp(kind, { env: { RATE_LIMIT_LOGIN_PER_IP: '1' } });
    });
    afterAll(() => limited.close());

    it('refuses the second call from one address with a 429, leaving the session as it was', async () => {
      const user = await createUser(limited);
      expect((await logoutEverywhere(limited, user.token, '10.8.0.1')).statusCode).toBe(204);
      const again = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: '10.8.0.2',
      });
      const token = again.json<{ token: string }>().token;
      const refused = await logoutEverywhere(limited, token, '10.8.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await me(limited, token)).statusCode).toBe(200);
    });
  });
});
