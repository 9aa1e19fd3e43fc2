import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Every property name anywhere inside a JSON schema (nested objects, arrays, unions). */
function propertyNames(schema: unknown, names: string[] = []): string[] {
  if (Array.isArray(schema)) schema.forEach((item) => propertyNames(item, names));
  else if (schema && typeof schema === 'object') {
    const record = schema as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object')
      names.push(...Object.keys(record.properties));
    Object.values(record).forEach((value) => propertyNames(value, names));
  }
  return names;
}

/** POST routes that take no body: the logged-in user is all they act on. */
const WITHOUT_BODY = new Set(['/api/auth/resend-verification']);

const OURS: [string, string, boolean][] = [
  ['post', '/api/auth/register', false],
  ['post', '/api/auth/login', false],
  ['get', '/api/auth/me', true],
  ['post', '/api/auth/verify-email', false],
  ['post', '/api/auth/resend-verification', true],
  ['post', '/api/auth/forgot-password', false],
  ['post', '/api/auth/reset-password', false],
  ['post', '/api/candidate/save-job', true],
  ['get', '/api/candidate/saved-jobs', true],
  ['delete', '/api/candidate/saved-jobs/{jobId}', true],
  ['delete', '/api/candidate/account', true],
  ['get', '/api/admin/site-settings', false],
  ['post', '/api/admin/site-settings', true],
  ['post', '/api/analytics/pageview', false],
  ['get', '/api/admin/analytics/pageviews', true],
];

describe.each(testDatabaseKinds())(
  'OpenAPI of accounts, saved jobs, settings and analytics on %s',
  (kind) => {
    let t: TestApp;
    let paths: Record<string, Record<string, Operation>>;
    beforeAll(async () => {
      t = await buildTestApp(kind);
      paths = (await t.app.inject('/api/docs/json')).json().paths;
    });
    afterAll(() => t.close());

    it.each(OURS)(
      'documents %s %s with tags, summary, response schemas and the right security',
      (method, url, secured) => {
        const operation = paths[url]?.[method];
        expect(operation, `${method} ${url}`).toBeDefined();
        expect(operation?.tags?.length).toBeGreaterThan(0);
        expect(operation?.summary).toBeTruthy();
        const success = Object.keys(operation?.responses ?? {}).filter((status) => status.startsWith('2'));
        expect(success.length).toBeGreaterThan(0);
        if (secured) expect(operation?.security).toEqual([{ bearerAuth: [] }]);
        else expect(operation?.security).toBeUndefined();
        if (method === 'post' && !WITHOUT_BODY.has(url)) expect(operation?.requestBody).toBeDefined();
      },
    );

    it('has no password or hash property in any response schema of the API', () => {
      const responseSchemas = Object.values(paths).flatMap((methods) =>
        Object.values(methods).flatMap((operation) =>
          Object.values(operation.responses ?? {}).flatMap((response) =>
            Object.values(response.content ?? {}).map((content) => content.schema),
          ),
        ),
      );
      expect(responseSchemas.length).toBeGreaterThan(10);
      const names = responseSchemas.flatMap((schema) => propertyNames(schema));
      expect(names).toContain('token');
      expect(names.filter((name) => /password|hash/i.test(name))).toEqual([]);
    });

    it('documents /api/auth/me as exactly name, e-mail, role and whether the e-mail is verified', () => {
      const schema = paths['/api/auth/me']?.get?.responses?.['200']?.content?.['application/json']
        ?.schema as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(schema.properties).sort()).toEqual(['email', 'emailVerified', 'name', 'role']);
    });
  },
);
