import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, uniqueEmail } from '@jobbportalen/test-support/auth';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { loadConfig } from '../../config.js';
import { startPortal } from '../../runtime.js';
import { hashPassword, verifyPassword } from '../../accounts/password.js';
import { insertUser } from '../../accounts/users.repository.js';
import { createOrPromoteAdmin, ensureConfiguredAdmin } from './admin-access.service.js';

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

describe.each(testDatabaseKinds())('the admin guard on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
  });
  afterAll(() => t.close());

  it('guards every /api/admin route in the app except the public GET site-settings', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<OpenApiDoc>();
    const candidate = await createUser(t);
    const routes = Object.entries(doc.paths)
      .filter(([url]) => url.startsWith('/api/admin/'))
      .flatMap(([url, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), url] as const))
      .filter(([method, url]) => !(method === 'GET' && url === '/api/admin/site-settings'));
    // The routes this feature adds; routes other features put in the scope are checked too.
    expect(routes).toEqual(
      expect.arrayContaining([
        ['POST', '/api/admin/site-settings'],
        ['GET', '/api/admin/analytics/pageviews'],
      ]),
    );
    for (const [method, url] of routes) {
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET',
          url: url.replace(/\{[^}]+\}/g, 'x'),
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
      expect((await inject({})).statusCode, `${method} ${url} without token`).toBe(401);
      expect((await inject(bearer(candidate.token))).statusCode, `${method} ${url} as candidate`).toBe(403);
      expect(doc.paths[url]?.[method.toLowerCase()]?.security, `${method} ${url} documented`).toEqual([
        { bearerAuth: [] },
      ]);
    }
  });

  it('leaves GET /api/admin/site-settings public and documents it without security', async () => {
    expect((await t.app.inject('/api/admin/site-settings')).statusCode).toBe(200);
    const doc = (await t.app.inject('/api/docs/json')).json<OpenApiDoc>();
    expect(doc.paths['/api/admin/site-settings']?.get?.security).toBeUndefined();
  });

  it('lets an admin through to the guarded routes', async () => {
    const admin = await createUser(t, 'admin');
    expect(
      (await t.app.inject({ url: '/api/admin/analytics/pageviews', headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe.each(testDatabaseKinds())('creating or promoting the first admin on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const user = (email: string) =>
    database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  /** An ordinary account that already exists when the admin settings arrive. */
  const existingCandidate = async (user: { name: string; email: string; password: string }) =>
    insertUser(database.db, {
      name: user.name,
      email: user.email,
      passwordHash: await hashPassword(user.password),
    });

  it('creates the admin with the given password, e-mail lower-cased', async () => {
    const email = uniqueEmail('boss');
    const result = await ensureConfiguredAdmin(database.db, {
      adminEmail: email.toUpperCase(),
      adminPassword: 'admin-lösen-1',
    });
    expect(result).toEqual({ outcome: 'created', passwordChanged: true });
    const row = await user(email);
    expect(row.role).toBe('admin');
    expect(row.name).toBe('Administratör');
    expect(await verifyPassword(row.passwordHash, 'admin-lösen-1')).toBe(true);
  });

  it('promotes an existing candidate and keeps their password; running again changes nothing', async () => {
    const email = uniqueEmail('promote');
    await existingCandidate({ name: 'Kim', email, password: 'kims-eget-lösen' });
    const config = { adminEmail: email, adminPassword: 'annat-lösen-99' };
    expect(await ensureConfiguredAdmin(database.db, config)).toEqual({
      outcome: 'promoted',
      passwordChanged: false,
    });
    expect(await ensureConfiguredAdmin(database.db, config)).toEqual({
      outcome: 'already-admin',
      passwordChanged: false,
    });
    const row = await user(email);
    expect(row).toMatchObject({ role: 'admin', name: 'Kim' });
    expect(await verifyPassword(row.passwordHash, 'kims-eget-lösen')).toBe(true);
    expect(await verifyPassword(row.passwordHash, 'annat-lösen-99')).toBe(false);
  });

  it('replaces the password only when asked to', async () => {
    const email = uniqueEmail('reset');
    await existingCandidate({ name: 'Glömsk', email, password: 'gammalt-lösen' });
    const result = await createOrPromoteAdmin(database.db, {
      email,
      password: 'nytt-lösen-123',
      resetPassword: true,
    });
    expect(result).toEqual({ outcome: 'promoted', passwordChanged: true });
    expect(await verifyPassword((await user(email)).passwordHash, 'nytt-lösen-123')).toBe(true);
    // The new password ended every session of the old one.
    expect((await user(email)).tokenVersion).toBe(1);
  });

  it('does nothing without ADMIN_EMAIL', async () => {
    expect(
      await ensureConfiguredAdmin(database.db, { adminEmail: undefined, adminPassword: undefined }),
    ).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())('ADMIN_EMAIL at start on %s', (kind) => {
  it('the started portal has that admin, who can log in and reach the admin area', async () => {
    const search = testSearch('jobs');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-admin-start-'));
    const database = kind === 'postgres' ? await openTestDatabase('postgres', { migrate: false }) : undefined;
    const email = uniqueEmail('start');
    const portal = await startPortal(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        EMBEDDED_INDEXER: 'false',
        MEILI_URL: search.url,
        MEILI_MASTER_KEY: search.apiKey,
        MEILI_INDEX: search.indexUid,
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: 'start-lösen-1',
        ...(database
          ? { DATABASE_URL: database.url!, JWT_SECRET: 'y'.repeat(40), PUBLIC_URL: 'https://jobb.example.se' }
          : {}),
      }),
    );
    try {
      const login = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'start-lösen-1' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ token: string }>().token;
      const me = await portal.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      // The operator configured the address: it counts as verified.
      expect(me.json()).toEqual({ name: 'Administratör', email, role: 'admin', emailVerified: true });
      const guarded = await portal.app.inject({
        url: '/api/admin/analytics/pageviews',
        headers: bearer(token),
      });
      expect(guarded.statusCode).toBe(200);
    } finally {
      await portal.stop();
      await search.client.deleteIndexIfExists(search.indexUid).catch(() => undefined);
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
