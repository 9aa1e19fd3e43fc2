import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { ACCOUNT_CEILING_FACTOR } from './login-attempts.js';

type App = TestApp['app'];

const FAILURES_PER_CLIENT = 2;

const post = (app: App, url: string, payload: object, ip: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip });

type Answer = Awaited<ReturnType<typeof post>>;

const expect429 = (response: Answer, wait: RegExp = /\d+ sekunder/) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(response.json().message).toMatch(
    new RegExp(`^För många försök\\. Vänta ${wait.source} och försök igen\\.$`),
  );
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe.each(testDatabaseKinds())('rate limits on login and register on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        RATE_LIMIT_LOGIN_PER_IP: '6',
        RATE_LIMIT_LOGIN_PER_EMAIL: String(FAILURES_PER_CLIENT),
        RATE_LIMIT_REGISTER_PER_IP: '3',
        RATE_LIMIT_REGISTER_PER_EMAIL: '2',
      },
    });
  });
  afterAll(() => t.close());

  let registrations = 0;
  /** An account, registered from an address of its own (the register limits stay out of the way). */
  async function account(prefix: string): Promise<string> {
    const email = uniqueEmail(prefix);
    registrations += 1;
    const response = await post(
      t.app,
      '/api/auth/register',
      { name: 'Ägare', email, password: STRONG_PASSWORD },
      `10.200.${Math.floor(registrations / 250)}.${registrations % 250}`,
    );
    expect(response.statusCode).toBe(201);
    return email;
  }
  const logIn = (email: string, password: string, ip: string) =>
    post(t.app, '/api/auth/login', { email, password }, ip);

  it('limits logins per IP across different e-mails', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 6; i++) {
      expect((await logIn(uniqueEmail(), 'fel-lösen', ip)).statusCode).toBe(401);
    }
    expect429(await logIn(uniqueEmail(), 'fel-lösen', ip));
    // Another address is not affected.
    expect((await logIn(uniqueEmail(), 'fel-lösen', '10.0.0.2')).statusCode).toBe(401);
  });

  it('blocks a failure streak from one client, while the owner logs in from another address', async () => {
    const email = await account('target');
    for (let i = 0; i < FAILURES_PER_CLIENT; i++) {
      expect((await logIn(email, `gissning-${i}`, '127.0.0.2')).statusCode).toBe(401);
    }
    // The streak blocks that client, even with the right password and another spelling of the e-mail.
    expect429(await logIn(` ${email.toUpperCase()}`, STRONG_PASSWORD, '127.0.0.2'));
    expect((await logIn(email, STRONG_PASSWORD, '127.0.0.3')).statusCode).toBe(200);
    // The blocked client may still try other accounts.
    expect((await logIn(uniqueEmail(), 'x', '127.0.0.2')).statusCode).toBe(401);
  });

  it('never counts a successful log-in', async () => {
    const email = await account('often');
    for (let i = 0; i < 6; i++) {
      expect((await logIn(email, STRONG_PASSWORD, '127.0.0.4')).statusCode).toBe(200);
    }
  });

  it('ends the streak with a success, for that client', async () => {
    const email = await account('streak');
    const ip = '127.0.0.5';
    expect((await logIn(email, 'fel-1', ip)).statusCode).toBe(401);
    expect((await logIn(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    expect((await logIn(email, 'fel-2', ip)).statusCode).toBe(401);
    expect((await logIn(email, 'fel-3', ip)).statusCode).toBe(401);
    expect429(await logIn(email, STRONG_PASSWORD, ip));
  });

  it('counts one client’s simultaneous guesses before the slow password check', async () => {
    const email = await account('parallel');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => logIn(email, `parallell-${i}`, '127.0.0.6')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 429, 429, 429]);
  });

  it('stops guesses spread over many addresses at a ceiling per account, but never an address the owner has used', async () => {
    const email = await account('spread');
    const ownersAddress = '127.0.1.1';
    expect((await logIn(email, STRONG_PASSWORD, ownersAddress)).statusCode).toBe(200);

    const ceiling = FAILURES_PER_CLIENT * ACCOUNT_CEILING_FACTOR;
    for (let i = 0; i < ceiling; i++) {
      const ip = `10.1.${Math.floor(i / FAILURES_PER_CLIENT)}.1`;
      expect((await logIn(email, `gissning-${i}`, ip)).statusCode).toBe(401);
    }
    // A new address now waits out the hour, whatever it sends …
    expect429(await logIn(email, STRONG_PASSWORD, '10.1.250.1'), /\d+ minuter/);
    // … while the owner's known address, and every other account, are untouched.
    expect((await logIn(email, STRONG_PASSWORD, ownersAddress)).statusCode).toBe(200);
    expect((await logIn(await account('other'), STRONG_PASSWORD, '10.1.250.1')).statusCode).toBe(200);
  });

  it('limits registrations per IP and per e-mail', async () => {
    const ip = '10.0.2.1';
    const register = (email: string, from: string) =>
      post(t.app, '/api/auth/register', { name: 'A', email, password: STRONG_PASSWORD }, from);
    for (let i = 0; i < 3; i++) expect((await register(uniqueEmail(), ip)).statusCode).toBe(201);
    expect429(await register(uniqueEmail(), ip));

    const email = uniqueEmail('spam');
    expect((await register(email, '10.0.3.1')).statusCode).toBe(201);
    // A taken address answers as a new one would (it must not tell who has an account) …
    expect((await register(email, '10.0.3.2')).statusCode).toBe(201);
    expect429(await register(email, '10.0.3.3'));
    // … and the limit counts per mailbox: a plus tag is the same inbox.
    expect429(await register(email.replace('@', '+2@'), '10.0.3.4'));
  });
});

// Several servers on one PostgreSQL (docker compose --scale server=N): the limits hold in total.
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))(
  'rate limits shared by every server on %s',
  (kind) => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      t = await buildTestApp(kind, {
        env: { RATE_LIMIT_LOGIN_PER_IP: '4', RATE_LIMIT_LOGIN_PER_EMAIL: String(FAILURES_PER_CLIENT) },
      });
      second = await buildApp({ config: t.config, database: t.database, search: t.search, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await t.close();
    });

    it('counts logins from one IP across two server processes', async () => {
      const attempt = (app: App) =>
        post(app, '/api/auth/login', { email: uniqueEmail(), password: 'x' }, '10.9.0.1');
      for (const app of [t.app, second, t.app, second]) expect((await attempt(app)).statusCode).toBe(401);
      expect((await attempt(t.app)).statusCode).toBe(429);
      expect((await attempt(second)).statusCode).toBe(429);
    });

    it('shares a failure streak and its end between the servers', async () => {
      const email = uniqueEmail('shared');
      const registered = await post(
        t.app,
        '/api/auth/register',
        { name: 'Delad', email, password: STRONG_PASSWORD },
        '10.9.1.1',
      );
      expect(registered.statusCode).toBe(201);
      const logIn = (app: App, password: string, ip: string) =>
        post(app, '/api/auth/login', { email, password }, ip);

      expect((await logIn(t.app, 'fel-1', '10.9.0.2')).statusCode).toBe(401);
      expect((await logIn(second, STRONG_PASSWORD, '10.9.0.2')).statusCode).toBe(200);
      expect((await logIn(t.app, 'fel-2', '10.9.0.2')).statusCode).toBe(401);
      expect((await logIn(second, 'fel-3', '10.9.0.2')).statusCode).toBe(401);

      expect((await logIn(t.app, STRONG_PASSWORD, '10.9.0.3')).statusCode).toBe(200);
      expect((await logIn(t.app, 'fel-4', '10.9.0.4')).statusCode).toBe(401);
      expect((await logIn(second, 'fel-5', '10.9.0.4')).statusCode).toBe(401);
      expect((await logIn(t.app, STRONG_PASSWORD, '10.9.0.4')).statusCode).toBe(429);
    });
  },
);
