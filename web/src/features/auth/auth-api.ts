import type { AccountMessage, TokenResponse } from '@jobbportalen/contracts/api/auth';
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

// The account's mail pages: none sends the session token either (a reset link works logged out).

const messageOf = (body: Partial<AccountMessage> | null): string =>
  typeof body?.message === 'string' ? body.message : '';

/** 'Glömt lösenord?': the server's answer, the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  return messageOf(
    await request<Partial<AccountMessage> | null>('/api/auth/forgot-password', {
      method: 'POST',
      json: { email },
    }),
  );
}

/** Sets a new password with the token from the reset link; returns the server's confirmation. */
export async function resetPassword(input: { token: string; password: string }): Promise<string> {
  return messageOf(
    await request<Partial<AccountMessage> | null>('/api/auth/reset-password', {
      method: 'POST',
      json: input,
    }),
  );
}

/** Verifies the address with the token from the verification link; returns the server's confirmation. */
export async function verifyEmail(token: string): Promise<string> {
  return messageOf(
    await request<Partial<AccountMessage> | null>('/api/auth/verify-email', {
      method: 'POST',
      json: { token },
    }),
  );
}
