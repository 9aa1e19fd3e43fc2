import { MAX_SAVED_SEARCHES } from '@jobbportalen/contracts';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTokens, arrive, freshAd, PUBLIC_URL } from './alerts.test-helper.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabaseKinds())('saved searches and subscriptions API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        ...RELAXED_RATE_LIMITS,
        PUBLIC_URL,
        ALERTS_SCHEDULER: 'false',
        RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const inject = (
    token: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });

  it('needs a login', async () => {
    expect((await inject(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);
    expect((await inject(null, 'POST', '/api/saved-searches', { query: {}, alert: 'off' })).statusCode).toBe(
      401,
    );
  });

  it('stores the query canonically: the same search again is the same saved search, renamed', async () => {
    const user = await createUser(t);
    const created = await inject(user.token, 'POST', '/api/saved-searches', {
      query: { search: '  lärare   i  skolan ', city: 'Göteborg', titleOnly: false },
      alert: 'daily',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: '”lärare i skolan” i Göteborg',
      query: { search: 'lärare i skolan', city: 'Göteborg' },
      summary: '”lärare i skolan” i Göteborg',
      path: '/jobb?search=l%C3%A4rare%20i%20skolan&city=G%C3%B6teborg',
      alert: 'daily',
      newCount: 0,
    });
    expect(body.id).toMatch(UUID);
    expect(Date.parse(body.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await inject(user.token, 'POST', '/api/saved-searches', {
      query: { city: 'Göteborg', search: 'lärare i skolan' },
      name: '  Skoljobb  ',
      alert: 'weekly',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, name: 'Skoljobb', alert: 'weekly' });
    const stored = await t.database.db
      .selectFrom('savedSearches')
      .select(['queryKey', 'confirmedAt'])
      .where('userId', '=', user.id)
      .execute();
    expect(stored).toEqual([
      { queryKey: 'search=l%C3%A4rare%20i%20skolan&city=G%C3%B6teborg', confirmedAt: expect.any(Date) },
    ]);
  });

  it('refuses bad input with Swedish messages', async () => {
    const user = await createUser(t);
    const cases: [object, string][] = [
      [
        { query: {}, alert: 'hourly' },
        'Välj hur ofta du vill få e-post: av, direkt, dagligen eller varje vecka.',
      ],
      [{ alert: 'daily' }, 'Ange vilken sökning som ska sparas.'],
      [
        { query: { mainCategory: 'Rymdfart' }, alert: 'daily' },
        'Sökningen innehåller ett ogiltigt värde. Gör om sökningen och försök igen.',
      ],
      [{ query: {}, alert: 'daily', name: '   ' }, 'Namnet får inte vara tomt.'],
      [{ query: {}, alert: 'daily', name: 'x'.repeat(101) }, 'Ange ett namn på högst 100 tecken.'],
    ];
    for (const [payload, message] of cases) {
      const response = await inject(user.token, 'POST', '/api/saved-searches', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, error: message });
    }
    const badId = await inject(user.token, 'PATCH', '/api/saved-searches/not-a-uuid', { alert: 'off' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Bevakningen hittades inte.' });
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} saved searches an account`, async () => {
    const user = await createUser(t);
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      const response = await inject(user.token, 'POST', '/api/saved-searches', {
        query: { search: `yrke ${i}` },
        alert: 'off',
      });
      expect(response.statusCode).toBe(201);
    }
    const refused = await inject(user.token, 'POST', '/api/saved-searches', {
      query: { search: 'ett till' },
      alert: 'off',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SAVED_SEARCH_LIMIT',
      message: 'Du kan ha högst 20 bevakningar. Ta bort en för att spara en ny.',
      error: 'Du kan ha högst 20 bevakningar. Ta bort en för att spara en ny.',
    });
    // An existing one may still be changed by saving it again.
    const existing = await inject(user.token, 'POST', '/api/saved-searches', {
      query: { search: 'yrke 3' },
      alert: 'daily',
    });
    expect(existing.statusCode).toBe(200);
    const list = (await inject(user.token, 'GET', '/api/saved-searches')).json();
    expect(list.savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
    // Newest first.
    expect(list.savedSearches[0].query).toEqual({ search: 'yrke 19' });
  });

  it('counts the new ads of each saved search until it is opened, then marks from then', async () => {
    const user = await createUser(t);
    const save = (search: string) =>
      inject(user.token, 'POST', '/api/saved-searches', { query: { search }, alert: 'off' }).then((r) =>
        r.json(),
      );
    const barista = await save('barista');
    const pilot = await save('pilot');
    await sleep(1100);
    await arrive(t, [
      freshAd(`barista-${Date.now()}`, { title: 'Barista' }),
      freshAd(`barista2-${Date.now()}`, { title: 'Barista' }),
    ]);
    const list = (await inject(user.token, 'GET', '/api/saved-searches')).json();
    const counts = Object.fromEntries(
      list.savedSearches.map((s: { id: string; newCount: number }) => [s.id, s.newCount]),
    );
    expect(counts).toEqual({ [barista.id]: 2, [pilot.id]: 0 });

    const opened = await inject(user.token, 'POST', `/api/saved-searches/${barista.id}/open`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      path: '/jobb?search=barista',
      since: Math.floor(Date.parse(barista.lastOpenedAt) / 1000),
    });
    const after = (await inject(user.token, 'GET', '/api/saved-searches')).json();
    expect(after.savedSearches.find((s: { id: string }) => s.id === barista.id).newCount).toBe(0);
  });

  it('starts an alert that is turned on from then: what came while it was off is not news', async () => {
    const user = await createUser(t);
    const saved = (
      await inject(user.token, 'POST', '/api/saved-searches', { query: { search: 'optiker' }, alert: 'off' })
    ).json();
    const longAgo = new Date(Date.now() - 90 * 86_400_000);
    const watermark = async () =>
      (
        await t.database.db
          .selectFrom('savedSearches')
          .select('checkedUntil')
          .where('id', '=', saved.id)
          .executeTakeFirstOrThrow()
      ).checkedUntil!.getTime();
    await t.database.db
      .updateTable('savedSearches')
      .set({ checkedUntil: longAgo })
      .where('id', '=', saved.id)
      .execute();
    // Renaming or switching between frequencies keeps the watermark…
    await inject(user.token, 'PATCH', `/api/saved-searches/${saved.id}`, { name: 'Glasögon' });
    expect(await watermark()).toBe(longAgo.getTime());
    // …turning it on moves it to now.
    await inject(user.token, 'PATCH', `/api/saved-searches/${saved.id}`, { alert: 'daily' });
    expect(await watermark()).toBeGreaterThan(Date.now() - 60_000);
    await t.database.db
      .updateTable('savedSearches')
      .set({ checkedUntil: longAgo })
      .where('id', '=', saved.id)
      .execute();
    await inject(user.token, 'PATCH', `/api/saved-searches/${saved.id}`, { alert: 'weekly' });
    expect(await watermark()).toBe(longAgo.getTime());
  });

  it("answers 404 for another account's saved search and changes nothing", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const saved = (
      await inject(owner.token, 'POST', '/api/saved-searches', { query: { search: 'smed' }, alert: 'daily' })
    ).json();
    for (const [method, url, payload] of [
      ['PATCH', `/api/saved-searches/${saved.id}`, { alert: 'off' }],
      ['DELETE', `/api/saved-searches/${saved.id}`, undefined],
      ['POST', `/api/saved-searches/${saved.id}/open`, undefined],
    ] as const) {
      const response = await inject(other.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Bevakningen hittades inte.' });
    }
    const patched = await inject(owner.token, 'PATCH', `/api/saved-searches/${saved.id}`, {
      name: 'Smide',
      alert: 'instant',
    });
    expect(patched.json()).toMatchObject({ id: saved.id, name: 'Smide', alert: 'instant' });
    expect((await inject(owner.token, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await inject(owner.token, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    expect((await inject(owner.token, 'GET', '/api/saved-searches')).json()).toEqual({ savedSearches: [] });
  });

  it('removes the saved searches with the account', async () => {
    const user = await createUser(t);
    await inject(user.token, 'POST', '/api/saved-searches', { query: { search: 'murare' }, alert: 'daily' });
    const count = () =>
      t.database.db.selectFrom('savedSearches').select('id').where('userId', '=', user.id).execute();
    expect(await count()).toHaveLength(1);
    expect(
      (await inject(user.token, 'DELETE', '/api/candidate/account', { password: user.password })).statusCode,
    ).toBe(204);
    expect(await count()).toEqual([]);
  });

  describe('a visitor', () => {
    const confirmMails = (email: string) =>
      t.database.db
        .selectFrom('mailOutbox')
        .select(['payload'])
        .where('recipient', '=', email)
        .where('kind', '=', 'alert-confirm')
        .execute();
    const subscribe = (email: string, query: object = { search: 'florist' }, alert = 'daily') =>
      t.app.inject({ method: 'POST', url: '/api/alerts/subscribe', payload: { email, query, alert } });

    it('gets the same answer every time, and at most three confirmation mails an hour', async () => {
      const email = uniqueEmail('visitor');
      for (let i = 0; i < 5; i++) {
        const response = await subscribe(i % 2 ? email.toUpperCase() : email);
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({
          message:
            'Vi har skickat ett e-postmeddelande till adressen. Öppna länken i det för att starta bevakningen.',
        });
      }
      const mails = await confirmMails(email);
      expect(mails).toHaveLength(3);
      expect(mails[0]!.payload).toMatchObject({
        kind: 'alert-confirm',
        summary: '”florist”',
        frequency: 'daily',
        confirmUrl: expect.stringMatching(/^https:\/\/jobbportalen\.test\/bevakning\/bekrafta\?token=/),
      });
      const rows = await t.database.db
        .selectFrom('savedSearches')
        .select(['email', 'userId', 'confirmedAt'])
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([{ email, userId: null, confirmedAt: null }]);
    });

    it('confirms with the link, sends nothing more for a confirmed one, and refuses bad tokens', async () => {
      const email = uniqueEmail('bekraftar');
      await subscribe(email, { search: 'tandläkare' }, 'weekly');
      const [mail] = await confirmMails(email);
      const token = new URL((mail!.payload as { confirmUrl: string }).confirmUrl).searchParams.get('token');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/confirm',
        payload: { token },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({
        summary: '”tandläkare”',
        path: '/jobb?search=tandl%C3%A4kare',
        alert: 'weekly',
      });
      // Confirmed: asking again changes nothing and sends nothing.
      expect((await subscribe(email, { search: 'tandläkare' }, 'instant')).statusCode).toBe(202);
      expect(await confirmMails(email)).toHaveLength(1);
      const row = await t.database.db
        .selectFrom('savedSearches')
        .select(['alert', 'confirmedAt', 'checkedUntil'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.alert).toBe('weekly');
      expect(row.checkedUntil?.getTime()).toBe(row.confirmedAt?.getTime());

      for (const bad of [
        `${token}x`,
        'abc',
        appTokens(t).sign('alert-manage', { subject: 'x' }, { expiresInSeconds: 3600 }),
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/alerts/confirm',
          payload: { token: bad },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'INVALID_TOKEN',
          message: 'Länken är ogiltig eller har gått ut.',
        });
      }
      const gone = appTokens(t).sign(
        'alert-confirm',
        { subject: '00000000-0000-4000-8000-000000000000' },
        { expiresInSeconds: 3600 },
      );
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/confirm',
        payload: { token: gone },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Bevakningen finns inte längre.' });
    });

    it('refuses bad input in Swedish', async () => {
      const cases: [object, string][] = [
        [{ email: 'inte-en-adress', query: {}, alert: 'daily' }, 'Ange en giltig e-postadress.'],
        [
          { email: uniqueEmail(), query: {}, alert: 'off' },
          'Välj hur ofta du vill få e-post: direkt, dagligen eller varje vecka.',
        ],
        [{ query: {}, alert: 'daily' }, 'Ange din e-postadress.'],
      ];
      for (const [payload, message] of cases) {
        const response = await t.app.inject({ method: 'POST', url: '/api/alerts/subscribe', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
    });
  });

  it('keeps the admin routes to admins and shows the overview', async () => {
    const candidate = await createUser(t);
    const admin = await createUser(t, 'admin');
    for (const [method, url] of [
      ['POST', '/api/admin/alerts/run'],
      ['GET', '/api/admin/alerts/overview'],
    ] as const) {
      expect((await inject(null, method, url)).statusCode).toBe(401);
      expect((await inject(candidate.token, method, url)).statusCode).toBe(403);
    }
    const overview = await inject(admin.token, 'GET', '/api/admin/alerts/overview');
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    expect(body.smtpConfigured).toBe(false);
    expect(body.subscriptions.unconfirmed).toBeGreaterThanOrEqual(1);
    expect(body.subscriptions.weekly).toBeGreaterThanOrEqual(1);
    expect(body.mailsPerDay).toHaveLength(30);
    expect(body.outbox.queued).toBeGreaterThanOrEqual(1);
    expect(body.keptMails).toEqual([]);
  });
});

describe('the per-IP limit of mail requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: { ...RELAXED_RATE_LIMITS, ALERTS_SCHEDULER: 'false', RATE_LIMIT_MAIL_REQUESTS_PER_IP: '2' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 like the other limits', async () => {
    const subscribe = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/alerts/subscribe',
        payload: { email: uniqueEmail(), query: {}, alert: 'daily' },
      });
    expect((await subscribe()).statusCode).toBe(202);
    expect((await subscribe()).statusCode).toBe(202);
    const limited = await subscribe();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
