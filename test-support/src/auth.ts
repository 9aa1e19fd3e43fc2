import { createHmac, randomBytes } from 'node:crypto';
import type { NewJobRow, UserRole } from '@jobbportalen/storage';
import type { TestApp } from './app.js';

/** Limits high enough that a test file full of logins never meets them by accident. */
export const RELAXED_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: '10000',
  RATE_LIMIT_LOGIN_PER_EMAIL: '10000',
  RATE_LIMIT_REGISTER_PER_IP: '10000',
  RATE_LIMIT_REGISTER_PER_EMAIL: '10000',
  RATE_LIMIT_PAGEVIEWS_PER_IP: '10000',
};

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.se`;

/** A password registration accepts (hard to guess, see password-strength.ts); tests that need one use this. */
export const STRONG_PASSWORD = 'Grön-tekopp-vandrar-7';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** A user made through the real register and login routes; the role is then set in the database. */
export async function createUser(t: TestApp, role: UserRole = 'candidate'): Promise<TestUser> {
  const user = { name: 'Test Testsson', email: uniqueEmail(role), password: STRONG_PASSWORD };
  const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const row = await t.database.db
    .updateTable('users')
    .set({ role })
    .where('email', '=', user.email)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...user, id: row.id, token: await login(t, user.email, user.password) };
}

export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A JWT built by hand, to try what a forger would: other algorithms, no signature, old dates. */
export function handmadeToken(
  payload: Record<string, unknown>,
  options: { secret?: string; alg?: 'HS256' | 'HS384' | 'HS512' | 'none' } = {},
): string {
  const alg = options.alg ?? 'HS256';
  const unsigned = `${base64url({ alg, typ: 'JWT' })}.${base64url(payload)}`;
  if (alg === 'none') return `${unsigned}.`;
  const hmac = createHmac(`sha${alg.slice(2)}`, options.secret ?? '');
  return `${unsigned}.${base64url(hmac.update(unsigned).digest())}`;
}

/** A row in `jobs` with plausible defaults; tests override what they look at. */
export function jobRow(overrides: Partial<NewJobRow> & { id: string }): NewJobRow {
  return {
    title: `Utvecklare ${overrides.id}`,
    company: 'Exempelbolaget AB',
    location: 'Stockholm',
    category: 'Data/IT',
    mainCategory: 'IT',
    extent: 'Heltid',
    form: 'Tillsvidareanställning',
    lastDate: '2030-06-30T21:59:59Z',
    applicationUrl: 'https://example.se/ansok',
    descriptionHtml: '<p>Vi söker en utvecklare.</p>',
    descriptionText: 'Vi söker en utvecklare.',
    vacancies: 1,
    remote: false,
    publishedAt: '2030-06-01T08:00:00Z',
    mustHaveSkills: '[]',
    niceToHaveSkills: '[]',
    raw: '{}',
    updatedAt: new Date(),
    ...overrides,
  };
}
