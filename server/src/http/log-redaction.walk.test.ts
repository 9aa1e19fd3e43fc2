// Every mail link walked through the real app with its real logger, which writes to a capture
// stream: registration's verification link, the password reset link, an alert's confirmation,
// manage and one-click unsubscribe links, each opened as the page and used through the API, and
// refusals that quote a token in the URL (404, 400, 414). Not one token and not one unmasked
// address may reach the log.
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { createUser, RELAXED_RATE_LIMITS, uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { newestMailLink } from '@jobbportalen/test-support/mail';
import { appTokens } from '../mail/app-mail-links.js';
import { createMailLinks, MANAGE_LINK_SECONDS } from '../mail/mail-links.js';
import { createSignedTokens } from './signed-tokens.js';

const PUBLIC_URL = 'https://jobb.example.se';
const NEW_PASSWORD = 'Blå-cykel-simmar-i-maj-42';
/** An address as the log must never show it, also percent-encoded; a masked one reads `a…@…`. */
const UNMASKED_ADDRESS = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/i;

describe.each(testDatabaseKinds())('the log of every mail link on %s', (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await buildTestApp(kind, {
      env: {
        ...RELAXED_RATE_LIMITS,
        RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000',
        PUBLIC_URL,
        LOG_LEVEL: 'info',
      },
      logStream: stream,
    });
  });
  afterAll(() => t.close());

  /** Every token the walk used: none of them, nor any part of one, may be in the log. */
  const tokens: string[] = [];
  const inject = async (method: 'GET' | 'POST', url: string, payload?: object | string) => {
    const response = await t.app.inject({
      method,
      url,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : payload
          ? { payload }
          : {}),
    });
    return response;
  };
  /** The token of the link in the newest mail of this kind to this address. */
  const tokenFromMail = async (recipient: string, kind: string, field: string) => {
    const link = await newestMailLink(t.database.db, recipient, kind, field);
    if (!link) throw new Error(`no ${kind} mail to ${recipient}`);
    const token = link.searchParams.get('token')!;
    tokens.push(token);
    return token;
  };
  const inQuery = (token: string) => `token=${encodeURIComponent(token)}`;

  it('holds no token and no unmasked address', async () => {
    // Registration → the verification link: the page, then the API.
    const user = await createUser(t);
    const verifyToken = await tokenFromMail(user.email, 'verify-email', 'verifyUrl');
    expect((await inject('GET', `/verifiera-epost?${inQuery(verifyToken)}`)).statusCode).toBe(200);
    expect((await inject('POST', '/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(200);

    // Forgot password → the reset link: the page, then the new password.
    expect((await inject('POST', '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const resetToken = await tokenFromMail(user.email, 'reset-password', 'resetUrl');
    expect((await inject('GET', `/aterstall-losenord?${inQuery(resetToken)}`)).statusCode).toBe(200);
    const reset = await inject('POST', '/api/auth/reset-password', {
      token: resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    // A visitor's alert → the confirmation link: the page, then the API.
    const visitor = uniqueEmail('visitor');
    const subscribed = await inject('POST', '/api/alerts/subscribe', {
      email: visitor,
      query: { search: 'florist' },
      alert: 'daily',
    });
    expect(subscribed.statusCode).toBe(202);
    const confirmToken = await tokenFromMail(visitor, 'alert-confirm', 'confirmUrl');
    expect((await inject('GET', `/bevakning/bekrafta?${inQuery(confirmToken)}`)).statusCode).toBe(200);
    expect((await inject('POST', '/api/alerts/confirm', { token: confirmToken })).statusCode).toBe(200);

    // The alert mail's manage link (as the app builds it): the page, the API's GET and POST.
    const subscription = await t.database.db
      .selectFrom('savedSearches')
      .select('id')
      .where('email', '=', visitor)
      .executeTakeFirstOrThrow();
    const links = createMailLinks(PUBLIC_URL, appTokens(t.app));
    const manageToken = new URL(links.manageAlert(subscription.id)).searchParams.get('token')!;
    tokens.push(manageToken);
    expect((await inject('GET', `/bevakning/hantera?${inQuery(manageToken)}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/alerts/manage?${inQuery(manageToken)}`)).statusCode).toBe(200);
    const changed = await inject('POST', '/api/alerts/manage', { token: manageToken, alert: 'weekly' });
    expect(changed.statusCode).toBe(200);

    // An unsubscribe link older than its expiry is refused clearly, not with a 500…
    const longAgo = createSignedTokens(
      t.config.jwtSecret!,
      () => Date.now() - (MANAGE_LINK_SECONDS + 3600) * 1000,
    );
    const expired = new URL(createMailLinks(PUBLIC_URL, longAgo).oneClickUnsubscribe(subscription.id));
    tokens.push(expired.searchParams.get('token')!);
    const refused = await inject(
      'POST',
      `${expired.pathname}${expired.search}`,
      'List-Unsubscribe=One-Click',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // …and the mail's own one-click POST (RFC 8058) unsubscribes.
    const oneClick = new URL(links.oneClickUnsubscribe(subscription.id));
    tokens.push(oneClick.searchParams.get('token')!);
    const unsubscribed = await inject(
      'POST',
      `${oneClick.pathname}${oneClick.search}`,
      'List-Unsubscribe=One-Click',
    );
    expect(unsubscribed.statusCode).toBeLessThan(300);

    // Refusals whose URL quotes a token (and an address): 404s, 400s, a 414 from the router.
    const stray = 'stray.token-value-Zq8';
    tokens.push(stray);
    const address = `?${inQuery(stray)}&email=${encodeURIComponent(visitor)}`;
    expect((await inject('GET', `/api/finns-inte${address}`)).statusCode).toBe(404);
    expect((await inject('GET', `/sidan-finns-inte${address}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/alerts/manage${address}`)).statusCode).toBe(400);
    expect((await inject('GET', `/api/alerts/manage?${inQuery(stray)}%zz`)).statusCode).toBe(400);
    expect((await inject('GET', `/jobb/${'x'.repeat(300)}${address}`)).statusCode).toBe(414);

    await new Promise((resolve) => setImmediate(resolve));
    const log = lines.join('');
    // Every request was logged (20 of them), so the checks below read a real log.
    expect(log.match(/"msg":"incoming request"/g)?.length).toBeGreaterThanOrEqual(20);
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
      for (const part of token.split('.')) expect(log).not.toContain(part);
    }
    expect(log.match(UNMASKED_ADDRESS)?.[0]).toBeUndefined();
    // What the URLs read as instead.
    for (const path of [
      '/verifiera-epost',
      '/aterstall-losenord',
      '/bevakning/bekrafta',
      '/bevakning/hantera',
    ])
      expect(log).toContain(`"url":"${path}?token=[REDACTED]"`);
    expect(log).toContain('"url":"/api/alerts/unsubscribe?token=[REDACTED]"');
    expect(log).toContain(`token=[REDACTED]&email=${visitor.slice(0, 1)}…@example.se`);
  });

  it('holds no token from a request the HTTP parser could not read, even at debug level', async () => {
    const secret = 'Qw3rtyPq.request-token-Xy7';
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    t.app.log.level = 'debug';
    const before = lines.length;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
        // A header line without a colon: Node's parser refuses the request, with its bytes.
        socket.write(`GET /bevakning/hantera?token=${secret} HTTP/1.1\r\nHost: a\r\nBroken header\r\n\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      t.app.log.level = 'info';
    }
    const log = lines.slice(before).join('');
    expect(log).toContain('unreadable request');
    expect(log).not.toContain(secret);
    for (const part of secret.split('.')) expect(log).not.toContain(part);
    // Not in the raw bytes either, as Buffer#toJSON would write them.
    expect(log).not.toContain(JSON.stringify([...Buffer.from('token=')]).slice(1, -1));
  });
});
