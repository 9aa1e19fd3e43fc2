// The account's mail: the verification mail at registration and on request, 'Glömt lösenord?'
// and the reset link, and how a new password ends every earlier session and link. Mails are read
// from the real mail_outbox table the mail sender delivers from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import {
  bearer,
  createUser,
  login,
  RELAXED_RATE_LIMITS,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestUser,
} from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { hashPassword } from '../../accounts/password.js';
import { insertUser, setUserPassword } from '../../accounts/users.repository.js';
import { MAIL_REQUESTS_PER_ADDRESS_PER_HOUR } from '../../config.js';
import { createSignedTokens } from '../../http/signed-tokens.js';

const PUBLIC_URL = 'https://jobb.example.se';
const NEW_PASSWORD = 'Blå-cykel-simmar-i-maj-42';
const FORGOT_ANSWER =
  'Om adressen finns hos oss har vi skickat en länk för att välja ett nytt lösenord. Länken gäller i en timme.';
const INVALID_RESET = {
  code: 'INVALID_TOKEN',
  message: 'Länken är ogiltig eller har gått ut. Be om en ny.',
  error: 'Länken är ogiltig eller har gått ut. Be om en ny.',
};
const INVALID_VERIFY = {
  code: 'INVALID_TOKEN',
  message: 'Länken är ogiltig eller har gått ut.',
  error: 'Länken är ogiltig eller har gått ut.',
};
const HOUR = 3600 * 1000;
/** Every token carries an expiry; these are refused for another reason. */
const HOUR_LINK = { expiresInSeconds: 3600 };

describe.each(testDatabaseKinds())('account mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000', PUBLIC_URL },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
  const mails = (recipient: string, kind: 'verify-email' | 'reset-password') =>
    t.database.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  /** The token of the link in a mail's payload, checked to be an absolute link to the page. */
  const linkToken = (payload: unknown, field: 'verifyUrl' | 'resetUrl', path: string) => {
    const url = new URL((payload as Record<string, string>)[field]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}${path}`);
    return url.searchParams.get('token')!;
  };
  const latestResetToken = async (email: string) => {
    const rows = await mails(email, 'reset-password');
    return linkToken(rows.at(-1)!.payload, 'resetUrl', '/aterstall-losenord');
  };
  const userRow = (email: string) =>
    t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const forgot = (email: string) => post('/api/auth/forgot-password', { email });
  /** An account made in the database (as admin:create does): no registration mail spent the budget. */
  const userWithoutMail = async () => {
    const email = uniqueEmail('utan-mejl');
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const user = await insertUser(t.database.db, { name: 'Olle Annan', email, passwordHash });
    return { ...user, password: STRONG_PASSWORD };
  };

  describe('verification', () => {
    it('registration queues a verify-email mail whose link verifies the address', async () => {
      const user = await createUser(t);
      expect((await me(user.token)).json()).toMatchObject({ email: user.email, emailVerified: false });

      const [mail, ...more] = await mails(user.email, 'verify-email');
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ status: 'queued', recipient: user.email });
      expect(mail!.idempotencyKey).toMatch(new RegExp(`^verify-email:${user.id}:0:\\d+-[0-9a-f]{8}$`));
      expect(mail!.payload).toMatchObject({ kind: 'verify-email', name: user.name });
      const token = linkToken(mail!.payload, 'verifyUrl', '/verifiera-epost');

      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: 'Din e-postadress är bekräftad.' });
      expect((await me(user.token)).json()).toMatchObject({ emailVerified: true });
      const firstVerifiedAt = (await userRow(user.email)).emailVerifiedAt;
      expect(firstVerifiedAt).toBeInstanceOf(Date);

      // Opening the link again is fine, and keeps the first time.
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
      expect((await userRow(user.email)).emailVerifiedAt).toEqual(firstVerifiedAt);
    });

    it('a forged, expired, foreign or wrong-purpose token verifies nothing: 400 INVALID_TOKEN', async () => {
      const user = await createUser(t);
      const token = linkToken(
        (await mails(user.email, 'verify-email'))[0]!.payload,
        'verifyUrl',
        '/verifiera-epost',
      );
      const secret = t.config.jwtSecret!;
      const [payload, signature] = token.split('.') as [string, string];
      const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      const weekAgo = createSignedTokens(secret, () => Date.now() - 8 * 24 * HOUR);
      const otherSecret = createSignedTokens('another-secret-that-is-long-enough-0123');
      const ours = createSignedTokens(secret);
      const bad = [
        flipped,
        'not-a-token',
        `${payload}.${signature}.extra`,
        weekAgo.sign(
          'verify-email',
          { subject: user.id, binding: user.email },
          { expiresInSeconds: 7 * 24 * 3600 },
        ),
        otherSecret.sign('verify-email', { subject: user.id, binding: user.email }, HOUR_LINK),
        // Right key, but for another address than the account has now.
        ours.sign('verify-email', { subject: user.id, binding: 'someone-else@example.se' }, HOUR_LINK),
        // A reset token cannot verify (each purpose has its own key).
        ours.sign('reset-password', { subject: user.id, binding: user.email }, HOUR_LINK),
        ours.sign('verify-email', { subject: 'not-a-uuid', binding: user.email }, HOUR_LINK),
      ];
      for (const candidate of bad) {
        const response = await post('/api/auth/verify-email', { token: candidate });
        expect(response.statusCode, candidate).toBe(400);
        expect(response.json()).toEqual(INVALID_VERIFY);
      }
      const missing = await post('/api/auth/verify-email', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: 'Länken är ogiltig eller har gått ut.' });
      expect((await userRow(user.email)).emailVerifiedAt).toBeNull();
      // The genuine one still works afterwards.
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    });

    it('resend: 202 and a new mail with its own key; 401 without a session; a verified address gets none', async () => {
      const user = await createUser(t);
      expect((await post('/api/auth/resend-verification')).statusCode).toBe(401);
      const resent = await post('/api/auth/resend-verification', undefined, bearer(user.token));
      expect(resent.statusCode).toBe(202);
      expect(resent.json()).toEqual({ message: 'Vi har skickat en ny bekräftelselänk till din e-post.' });
      const rows = await mails(user.email, 'verify-email');
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(2);

      // The resent link verifies too.
      const token = linkToken(rows[1]!.payload, 'verifyUrl', '/verifiera-epost');
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
      const again = await post('/api/auth/resend-verification', undefined, bearer(user.token));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: 'Din e-postadress är redan bekräftad.' });
      expect(await mails(user.email, 'verify-email')).toHaveLength(2);
    });

    it(`resend beyond ${MAIL_REQUESTS_PER_ADDRESS_PER_HOUR} an hour answers the same and sends nothing`, async () => {
      const user = await createUser(t);
      for (let i = 0; i < MAIL_REQUESTS_PER_ADDRESS_PER_HOUR + 3; i += 1) {
        const response = await post('/api/auth/resend-verification', undefined, bearer(user.token));
        expect(response.statusCode).toBe(202);
      }
      // The budget, the mail from registration included: it spends from the same budget.
      expect(await mails(user.email, 'verify-email')).toHaveLength(MAIL_REQUESTS_PER_ADDRESS_PER_HOUR);
    });
  });

  describe("'Glömt lösenord?'", () => {
    it('answers a known and an unknown address alike (and no sooner than the floor); only the known gets a mail', async () => {
      const user = await createUser(t);
      const unknown = uniqueEmail('okand');
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await forgot(email);
        return { response, ms: performance.now() - started };
      };
      const known = await timed(` ${user.email.toUpperCase()} `);
      const stranger = await timed(unknown);
      for (const { response, ms } of [known, stranger]) {
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ message: FORGOT_ANSWER });
        expect(ms).toBeGreaterThanOrEqual(245);
      }
      expect(await mails(unknown, 'reset-password')).toEqual([]);
      const [mail, ...more] = await mails(user.email, 'reset-password');
      expect(more).toEqual([]);
      expect(mail!.idempotencyKey).toMatch(new RegExp(`^reset-password:${user.id}:0:\\d+-[0-9a-f]{8}$`));
      expect(mail!.payload).toMatchObject({ kind: 'reset-password', name: user.name });
      linkToken(mail!.payload, 'resetUrl', '/aterstall-losenord');
    });

    it('an invalid address is a 400 with a Swedish message', async () => {
      const response = await forgot('inte en adress');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Ange en giltig e-postadress.',
      });
    });

    it(`beyond ${MAIL_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour for one address: the same 202, no more mails`, async () => {
      const user = await createUser(t);
      const responses = await Promise.all(
        Array.from({ length: MAIL_REQUESTS_PER_ADDRESS_PER_HOUR + 2 }, () => forgot(user.email)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 202));
      // The registration's verification mail spent one of the hour's mails.
      expect(await mails(user.email, 'reset-password')).toHaveLength(MAIL_REQUESTS_PER_ADDRESS_PER_HOUR - 1);
    });
  });

  describe('reset-password', () => {
    let user: TestUser;
    let oldSession: string;
    let resetToken: string;

    beforeAll(async () => {
      user = await createUser(t);
      oldSession = user.token;
      expect((await forgot(user.email)).statusCode).toBe(202);
      resetToken = await latestResetToken(user.email);
    });

    it('refuses a weak or short password with the registration messages, and the link stays usable', async () => {
      const weak = await post('/api/auth/reset-password', { token: resetToken, password: 'lösenord-123' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Lösenordet är för lätt att gissa. Välj ett längre eller mindre vanligt lösenord.',
      });
      const short = await post('/api/auth/reset-password', { token: resetToken, password: 'kort' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ message: 'Lösenordet måste vara 8–128 tecken långt.' });
      // Built from the person's own address: refused as at registration.
      const personal = await post('/api/auth/reset-password', {
        token: resetToken,
        password: user.email.split('@')[0]!,
      });
      expect(personal.statusCode).toBe(400);
      expect((await me(oldSession)).statusCode).toBe(200);
    });

    it('a forged, expired or wrong-purpose token → 400 INVALID_TOKEN, nothing changes', async () => {
      const secret = t.config.jwtSecret!;
      const twoHoursAgo = createSignedTokens(secret, () => Date.now() - 2 * HOUR);
      const ours = createSignedTokens(secret);
      const [payload, signature] = resetToken.split('.') as [string, string];
      const forgedPayload = Buffer.from(JSON.stringify({ s: user.id, b: '0' })).toString('base64url');
      const bad = [
        `${forgedPayload}.${signature}`,
        `${payload}.${signature.slice(0, -2)}`,
        twoHoursAgo.sign('reset-password', { subject: user.id, binding: '0' }, { expiresInSeconds: 3600 }),
        ours.sign('verify-email', { subject: user.id, binding: '0' }, HOUR_LINK),
        ours.sign('reset-password', { subject: user.id, binding: 'abc' }, HOUR_LINK),
        ours.sign('reset-password', { subject: user.id }, HOUR_LINK),
      ];
      for (const token of bad) {
        const response = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
        expect(response.statusCode, token).toBe(400);
        expect(response.json()).toEqual(INVALID_RESET);
      }
      await login(t, user.email, user.password);
    });

    it('a valid link sets the new password, ends the old session and proves the address; used again → 400', async () => {
      expect((await userRow(user.email)).emailVerifiedAt).toBeNull();
      const reset = await post('/api/auth/reset-password', { token: resetToken, password: NEW_PASSWORD });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'Ditt lösenord är bytt. Logga in med det nya.' });

      const row = await userRow(user.email);
      expect(row.tokenVersion).toBe(1);
      expect(row.emailVerifiedAt).toBeInstanceOf(Date);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);

      const fresh = await login(t, user.email, NEW_PASSWORD);
      expect((await me(fresh)).json()).toMatchObject({ email: user.email, emailVerified: true });
      const oldPassword = await post('/api/auth/login', { email: user.email, password: user.password });
      expect(oldPassword.statusCode).toBe(401);
      expect((await me(oldSession)).statusCode).toBe(401);

      const again = await post('/api/auth/reset-password', {
        token: resetToken,
        password: `${NEW_PASSWORD}-2`,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_RESET);
      await login(t, user.email, NEW_PASSWORD);
    });

    it('a new password kills every reset link issued before it', async () => {
      // Three reset mails in the hour: an account without a registration mail, so all fit the budget.
      const other = await userWithoutMail();
      await forgot(other.email);
      await forgot(other.email);
      const [first, second] = (await mails(other.email, 'reset-password')).map((mail) =>
        linkToken(mail.payload, 'resetUrl', '/aterstall-losenord'),
      );
      expect(
        (await post('/api/auth/reset-password', { token: second, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
      const stale = await post('/api/auth/reset-password', { token: first, password: `${NEW_PASSWORD}-x` });
      expect(stale.statusCode).toBe(400);
      // A link asked for after the change carries the new version and works.
      await forgot(other.email);
      const current = await latestResetToken(other.email);
      expect(
        (await post('/api/auth/reset-password', { token: current, password: `${NEW_PASSWORD}-3` }))
          .statusCode,
      ).toBe(200);
      expect((await userRow(other.email)).tokenVersion).toBe(2);
    });

    it('two simultaneous uses of one link: exactly one wins', async () => {
      const racer = await createUser(t);
      await forgot(racer.email);
      const token = await latestResetToken(racer.email);
      const answers = await Promise.all(
        ['Röd-ballong-över-sjön-1', 'Gul-ballong-över-sjön-2', 'Lila-ballong-över-sjön-3'].map((password) =>
          post('/api/auth/reset-password', { token, password }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
      expect((await userRow(racer.email)).tokenVersion).toBe(1);
    });
  });

  it('a password set another way (admin:create --reset-password) also ends earlier sessions', async () => {
    const user = await createUser(t);
    expect((await me(user.token)).statusCode).toBe(200);
    await setUserPassword(t.database.db, user.id, await hashPassword(STRONG_PASSWORD));
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(await login(t, user.email, STRONG_PASSWORD))).statusCode).toBe(200);
  });
});

describe('mail request limits per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_MAIL_REQUESTS_PER_IP: '2' },
    });
  });
  afterAll(() => t.close());

  it('forgot-password and resend-verification answer 429 past RATE_LIMIT_MAIL_REQUESTS_PER_IP', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail('ip') },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);

    const user = await createUser(t);
    const resends = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers: bearer(user.token),
      });
      resends.push(response.statusCode);
    }
    expect(resends).toEqual([202, 202, 429]);
  });

  it('without PUBLIC_URL the links use the listening address, never the request Host', async () => {
    const email = uniqueEmail('host');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'attacker.example' },
      payload: { name: 'Hanna Host', email, password: STRONG_PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    const [mail] = await t.database.db
      .selectFrom('mailOutbox')
      .select('payload')
      .where('recipient', '=', email)
      .execute();
    const url = new URL((mail!.payload as { verifyUrl: string }).verifyUrl);
    expect(url.origin).toBe(`http://127.0.0.1:${t.config.port}`);
  });
});
