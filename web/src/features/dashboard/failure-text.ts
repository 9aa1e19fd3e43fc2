import { ApiError } from '../../lib/api-client';

/** The server's Swedish message when it sent one ('Fel lösenord.', a 429's wait), else `fallback`. */
export const failureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
