import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, type TestApp } from '../../../../test-support/app.js';
import { uniqueEmail } from '../../../../test-support/auth.js';
import { testDatabaseKinds } from '../../../../test-support/databases.js';

describe.each(testDatabaseKinds())('rate limits on login and register on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        RATE_LIMIT_LOGIN_PER_IP: '4',
        RATE_LIMIT_LOGIN_PER_EMAIL: '2',
        RATE_LIMIT_REGISTER_PER_IP: '3',
        RATE_LIMIT_REGISTER_PER_EMAIL: '2',
      },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  const expect429 = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^För många försök\. Vänta \d+ sekunder och försök igen\.$/),
    });
  };

  it('limits logins per IP across different e-mails', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 4; i++) {
      expect(
        (await post('/api/auth/login', { email: uniqueEmail(), password: 'fel-lösen' }, ip)).statusCode,
      ).toBe(401);
    }
    expect429(await post('/api/auth/login', { email: uniqueEmail(), password: 'fel-lösen' }, ip));
    // Another address is not affected.
    expect(
      (await post('/api/auth/login', { email: uniqueEmail(), password: 'fel-lösen' }, '10.0.0.2')).statusCode,
    ).toBe(401);
  });

  it('limits logins per e-mail across different IPs, whatever the case of the address', async () => {
    const email = uniqueEmail('target');
    expect((await post('/api/auth/login', { email, password: 'gissning-1' }, '10.0.1.1')).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/login', { email: email.toUpperCase(), password: 'gissning-2' }, '10.0.1.2'))
        .statusCode,
    ).toBe(401);
    expect429(await post('/api/auth/login', { email: ` ${email}`, password: 'gissning-3' }, '10.0.1.3'));
    // Another account from the same addresses still gets an answer.
    expect(
      (await post('/api/auth/login', { email: uniqueEmail(), password: 'x' }, '10.0.1.3')).statusCode,
    ).toBe(401);
  });

  it('limits registrations per IP and per e-mail', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 3; i++) {
      const response = await post(
        '/api/auth/register',
        { name: 'A', email: uniqueEmail(), password: 'lösenord-123' },
        ip,
      );
      expect(response.statusCode).toBe(201);
    }
    expect429(
      await post('/api/auth/register', { name: 'A', email: uniqueEmail(), password: 'lösenord-123' }, ip),
    );

    const email = uniqueEmail('spam');
    expect(
      (await post('/api/auth/register', { name: 'A', email, password: 'lösenord-123' }, '10.0.3.1'))
        .statusCode,
    ).toBe(201);
    expect(
      (await post('/api/auth/register', { name: 'A', email, password: 'lösenord-123' }, '10.0.3.2'))
        .statusCode,
    ).toBe(409);
    expect429(await post('/api/auth/register', { name: 'A', email, password: 'lösenord-123' }, '10.0.3.3'));
  });

  it('sends Retry-After with the 429', async () => {
    const ip = '10.0.4.1';
    let last;
    for (let i = 0; i < 5; i++)
      last = await post('/api/auth/login', { email: uniqueEmail(), password: 'x' }, ip);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail('retry');
    for (let i = 0; i < 3; i++) last = await post('/api/auth/login', { email, password: 'x' }, `10.0.5.${i}`);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// Several servers on one PostgreSQL (docker compose --scale server=N): the limit holds in total.
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))(
  'rate limits shared by every server on %s',
  (kind) => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { RATE_LIMIT_LOGIN_PER_IP: '4' } });
      second = await buildApp({ config: t.config, database: t.database, search: t.search, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await t.close();
    });

    it('counts logins from one IP across two server processes', async () => {
      const attempt = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail(), password: 'fel-lösen' },
          remoteAddress: '10.9.0.1',
        });
      for (const app of [t.app, second, t.app, second]) expect((await attempt(app)).statusCode).toBe(401);
      expect((await attempt(t.app)).statusCode).toBe(429);
      expect((await attempt(second)).statusCode).toBe(429);
    });
  },
);
