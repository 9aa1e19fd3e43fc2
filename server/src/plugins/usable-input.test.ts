import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { errorHandlerPlugin } from './error-handler.js';
import { usableInputPlugin } from './usable-input.js';

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: { type?: string };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

describe.each(testDatabaseKinds())('input that passes its schema and is still unusable, on %s', (kind) => {
  let t: TestApp;
  let adminToken = '';
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: RELAXED_RATE_LIMITS });
    adminToken = (await createUser(t, 'admin')).token;
  });
  afterAll(() => t.close());

  it('never get a 500 from a GET route with a numeric query parameter: a 400, or a clamped answer', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<OpenApiDoc>();
    const numericQueries = Object.entries(doc.paths).flatMap(([url, methods]) =>
      (methods.get?.parameters ?? [])
        .filter((p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'number'))
        .map((p) => ({ url: url.replace(/\{[^}]+\}/g, 'x'), name: p.name })),
    );
    expect(numericQueries.map((q) => `${q.url}?${q.name}`)).toEqual(
      expect.arrayContaining([
        '/api/jobs/?page',
        '/api/admin/import-log?limit',
        '/api/admin/import-history?days',
      ]),
    );
    for (const { url, name } of numericQueries) {
      for (const value of ['1e309', '-1e309']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${url}?${name}=${value}`,
          headers: bearer(adminToken),
        });
        expect([200, 400], `${url}?${name}=${value}`).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
  });

  it('get the 400 of a schema error where the schema has a maximum (these were 500s)', async () => {
    for (const url of [
      '/api/admin/import-log?limit=1e309',
      '/api/admin/import-history?days=1e309',
      '/api/admin/analytics/pageviews?days=1e309',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { context: 'querystring' },
      });
    }
  });

  it('get a 400 in a JSON body too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/multi-search',
      headers: { 'content-type': 'application/json' },
      payload: '{"queries":[{"indexUid":"jobs","q":"lärare","limit":1e309}]}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { context: 'body', field: 'queries/0/limit' },
    });
  });

  it('a NUL character gets a 400 too, wherever it comes (it reached PostgreSQL as a 500)', async () => {
    for (const url of ['/jobb/%00', '/jobb/abc%00def', '/api/jobs?search=l%C3%A4rare%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('leave ordinary numbers alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/import-log?limit=3',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the usable-input check on its own', () => {
  it('finds a number however deep a body nests it, without running out of stack', async () => {
    // A route without a body schema, as the check must not rely on one.
    const app = Fastify({ bodyLimit: 2 * 1024 * 1024 });
    await app.register(errorHandlerPlugin);
    await app.register(usableInputPlugin);
    app.post('/anything', async () => ({ ok: true }));
    const depth = 300_000;
    const nested = (inner: string) => `{"deep":${'['.repeat(depth)}${inner}${']'.repeat(depth)}}`;
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/anything',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const bad = await send(nested('1e309'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { context: 'body' } });
    expect((await send(nested('1'))).statusCode).toBe(200);
    await app.close();
  });
});
