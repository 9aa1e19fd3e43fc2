import type { TokenResponse } from '@jobbportalen/contracts/api/auth';
import { request } from '../../lib/api-client';

// Neither call sends the session token, so a 401 here (wrong password) never ends a session.

export async function registerAccount(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
  await request<unknown>('/api/auth/register', { method: 'POST', json: input });
}

/** Returns the session token; throws ApiError (with the server's Swedish message) on failure. */
export async function logIn(input: { email: string; password: string }): Promise<string> {
  const body = await request<Partial<TokenResponse> | null>('/api/auth/login', {
    method: 'POST',
    json: input,
  });
  if (typeof body?.token !== 'string' || !body.token) throw new Error('Svaret saknade token');
  return body.token;
}
