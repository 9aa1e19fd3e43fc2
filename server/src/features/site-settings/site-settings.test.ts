import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

describe.each(testDatabaseKinds())('site settings on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
    admin = await createUser(t, 'admin');
  });
  afterAll(() => t.close());

  const read = () => t.app.inject({ url: '/api/admin/site-settings' });
  const write = (payload: unknown, token = admin.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/site-settings',
      headers: bearer(token),
      payload: payload as object,
    });

  it('answers nulls before anything is set, publicly (no token needed)', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ heroTitle: null, heroSubtitle: null, ctaText: null });
  });

  it('saves trimmed texts for an admin and serves them to everyone', async () => {
    const response = await write({
      heroTitle: '  Hitta jobbet ',
      heroSubtitle: 'Tusentals annonser',
      ctaText: 'Sök',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Inställningarna har sparats.' });
    expect((await read()).json()).toEqual({
      heroTitle: 'Hitta jobbet',
      heroSubtitle: 'Tusentals annonser',
      ctaText: 'Sök',
    });
  });

  it('leaves fields out of the body unchanged, clears a field given as empty string or null', async () => {
    await write({ heroTitle: 'Titel', heroSubtitle: 'Under', ctaText: 'Knapp' });
    await write({ heroTitle: 'Ny titel' });
    expect((await read()).json()).toEqual({ heroTitle: 'Ny titel', heroSubtitle: 'Under', ctaText: 'Knapp' });
    await write({ heroSubtitle: '   ', ctaText: null });
    expect((await read()).json()).toEqual({ heroTitle: 'Ny titel', heroSubtitle: null, ctaText: null });
  });

  it.each([
    [{ heroTitle: 'x'.repeat(121) }, 'Rubriken får vara högst 120 tecken lång.'],
    [{ heroSubtitle: 'x'.repeat(301) }, 'Underrubriken får vara högst 300 tecken lång.'],
    [{ ctaText: 'x'.repeat(61) }, 'Knapptexten får vara högst 60 tecken lång.'],
    [{ heroTitle: 'x'.repeat(10_000) }, 'Rubriken får vara högst 120 tecken lång.'],
    [{ ctaText: { evil: true } }, 'Knapptexten måste vara text (högst 60 tecken).'],
    [{ heroTitle: 'NUL\u0000' }, 'Rubriken innehåller otillåtna tecken.'],
  ])('rejects %# with 400 and a Swedish message, changing nothing', async (payload, message) => {
    await write({ heroTitle: 'Före', heroSubtitle: null, ctaText: null });
    const response = await write(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await read()).json().heroTitle).toBe('Före');
  });

  it('accepts the limits exactly (counted after trimming) and stores SQL-looking text as text', async () => {
    const title = 'å'.repeat(120);
    expect((await write({ heroTitle: ` ${title} `, ctaText: "' OR 1=1 --" })).statusCode).toBe(200);
    expect((await read()).json()).toMatchObject({ heroTitle: title, ctaText: "' OR 1=1 --" });
  });

  it('ignores unknown fields instead of storing them as settings', async () => {
    expect((await write({ heroTitle: 'OK', password: 'x', role: 'admin' })).statusCode).toBe(200);
    const keys = await t.database.db.selectFrom('siteSettings').select('key').execute();
    expect(keys.map((row) => row.key).sort()).toEqual(expect.arrayContaining(['heroTitle']));
    expect(keys.map((row) => row.key)).not.toContain('password');
    expect(keys.map((row) => row.key)).not.toContain('role');
  });

  it('POST answers 401 without a token and 403 for a candidate, and changes nothing', async () => {
    await write({ heroTitle: 'Admins titel' });
    const candidate = await createUser(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site-settings',
      payload: { heroTitle: 'Hack' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Du måste logga in.');
    const forbidden = await write({ heroTitle: 'Hack' }, candidate.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Du har inte behörighet.');
    expect((await read()).json().heroTitle).toBe('Admins titel');
  });
});
