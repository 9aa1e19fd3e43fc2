import { apiFetch, jsonBody } from '../../lib/api-client';

export async function registerAccount(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
  await apiFetch<unknown>('/api/auth/register', { method: 'POST', ...jsonBody(input) });
}

/** Returns the session token; throws ApiError (with the server's Swedish message) on failure. */
export async function logIn(input: { email: string; password: string }): Promise<string> {
  const body = await apiFetch<{ token?: unknown }>('/api/auth/login', { method: 'POST', ...jsonBody(input) });
  if (typeof body?.token !== 'string' || !body.token) throw new Error('Svaret saknade token');
  return body.token;
}
