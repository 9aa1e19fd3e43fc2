import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import {
  bearer,
  createUser,
  handmadeToken,
  RELAXED_RATE_LIMITS,
  type TestUser,
} from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

describe.each(testDatabaseKinds())('tokens, authenticate and requireAdmin on %s', (kind) => {
  let t: TestApp;
  let candidate: TestUser;
  let secret: string;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
    secret = t.config.jwtSecret!;
    candidate = await createUser(t);
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/auth/me', headers });
  const adminPost = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/site-settings',
      headers,
      payload: { ctaText: 'Sök nu' },
    });
  const expect401 = async (headers: Record<string, string>) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Du måste logga in.',
      error: 'Du måste logga in.',
    });
  };

  it('issues an HS256 token with sub = user id, the role and a 7-day expiry', () => {
    const [header] = candidate.token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const payload = t.app.jwt.decode<{ sub: string; role: string; iat: number; exp: number }>(
      candidate.token,
    )!;
    expect(payload.sub).toBe(candidate.id);
    expect(payload.role).toBe('candidate');
    expect(payload.exp - payload.iat).toBe(7 * 24 * 60 * 60);
    expect(Math.abs(payload.iat - now())).toBeLessThan(60);
  });

  it('accepts the token it issued', async () => {
    expect((await me(bearer(candidate.token))).statusCode).toBe(200);
  });

  it('answers 401 without a header, with another scheme and with garbage', async () => {
    await expect401({});
    await expect401({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
    await expect401({ authorization: 'Bearer' });
    await expect401({ authorization: 'Bearer not-a-token' });
    await expect401({ authorization: `Bearer ${'a'.repeat(5000)}.b.c` });
  });

  it('answers 401 to a token whose payload was changed (signature no longer matches)', async () => {
    const [header, , signature] = candidate.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: candidate.id, role: 'admin', exp: now() + 3600 }),
    ).toString('base64url');
    await expect401(bearer(`${header}.${forged}.${signature}`));
    // Flipping one character of the signature is caught too.
    // Replace the second-to-last character (its bits all count) by a different one.
    const at = candidate.token.length - 2;
    const flipped =
      candidate.token.slice(0, at) +
      (candidate.token[at] === 'A' ? 'B' : 'A') +
      candidate.token.slice(at + 1);
    await expect401(bearer(flipped));
  });

  it('answers 401 to a token signed with another secret', async () => {
    await expect401(
      bearer(
        handmadeToken(
          { sub: candidate.id, role: 'candidate', exp: now() + 3600 },
          { secret: 'x'.repeat(40) },
        ),
      ),
    );
  });

  it('answers 401 to an expired token', async () => {
    const expired = handmadeToken(
      { sub: candidate.id, role: 'candidate', iat: now() - 8 * 86400, exp: now() - 60 },
      { secret },
    );
    await expect401(bearer(expired));
  });

  it('refuses alg none and algorithms other than HS256, even with the right secret', async () => {
    const claims = { sub: candidate.id, role: 'admin', iat: now(), exp: now() + 3600 };
    await expect401(bearer(handmadeToken(claims, { alg: 'none' })));
    await expect401(bearer(handmadeToken(claims, { alg: 'HS512', secret })));
    await expect401(bearer(handmadeToken(claims, { alg: 'HS384', secret })));
    // The same claims correctly signed pass, so the refusals above are about the algorithm.
    expect((await me(bearer(handmadeToken(claims, { secret })))).statusCode).toBe(200);
  });

  it('refuses a well-signed token without an expiry or with a sub that is not a user id', async () => {
    await expect401(bearer(handmadeToken({ sub: candidate.id, role: 'candidate' }, { secret })));
    await expect401(
      bearer(handmadeToken({ sub: "' OR 1=1 --", role: 'admin', exp: now() + 60 }, { secret })),
    );
    await expect401(
      bearer(
        handmadeToken(
          { sub: '00000000-0000-4000-8000-000000000000', role: 'admin', exp: now() + 60 },
          { secret },
        ),
      ),
    );
  });

  it("carries the account's token version as ver; a token whose ver is not the current version is refused", async () => {
    const user = await createUser(t);
    expect(t.app.jwt.decode<{ ver: number }>(user.token)?.ver).toBe(0);
    const signed = (ver: unknown) =>
      bearer(handmadeToken({ sub: user.id, role: 'candidate', exp: now() + 3600, ver }, { secret }));
    // Tokens issued before versions existed carry none: they count as version 0.
    expect(
      (await me(bearer(handmadeToken({ sub: user.id, role: 'candidate', exp: now() + 3600 }, { secret }))))
        .statusCode,
    ).toBe(200);
    expect((await me(signed(0))).statusCode).toBe(200);
    await expect401(signed(1));
    await expect401(signed('0'));
    await expect401(signed(0.5));
    await t.database.db.updateTable('users').set({ tokenVersion: 1 }).where('id', '=', user.id).execute();
    await expect401(bearer(user.token));
    await expect401(
      bearer(handmadeToken({ sub: user.id, role: 'candidate', exp: now() + 3600 }, { secret })),
    );
    expect((await me(signed(1))).statusCode).toBe(200);
  });

  it('answers 401 to a valid token of a user that has been deleted', async () => {
    const doomed = await createUser(t);
    expect((await me(bearer(doomed.token))).statusCode).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', doomed.id).execute();
    await expect401(bearer(doomed.token));
  });

  it('requireAdmin: 401 without a valid token, 403 for a candidate, 200 for an admin', async () => {
    expect((await adminPost({})).statusCode).toBe(401);
    const forbidden = await adminPost(bearer(candidate.token));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Du har inte behörighet.' });
    const admin = await createUser(t, 'admin');
    expect((await adminPost(bearer(admin.token))).statusCode).toBe(200);
  });

  it('requireAdmin reads the role from the database, not from the token', async () => {
    const user = await createUser(t);
    // A token that says "candidate" works as soon as the database says admin …
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await adminPost(bearer(user.token))).statusCode).toBe(200);
    // … and a token that says "admin" stops working when the database says candidate.
    const adminToken = t.app.signToken({ id: user.id, role: 'admin', tokenVersion: 0 });
    await t.database.db.updateTable('users').set({ role: 'candidate' }).where('id', '=', user.id).execute();
    expect((await adminPost(bearer(adminToken))).statusCode).toBe(403);
  });
});
