import { ApiError } from '../../lib/api-client';

/** What the API says about a bad or expired link; also shown when the page has no token at all. */
export const INVALID_LINK = 'Länken är ogiltig eller har gått ut.';

/** The token of a mail link's page ('?token=…'), or null when there is none. */
export function linkTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}

/**
 * The Swedish text for a failed call of a mail-link page: the API's own message, else the
 * invalid-link text for a refused token, else a general failure.
 */
export function linkFailureText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return INVALID_LINK;
  return 'Något gick fel. Försök igen om en stund.';
}

/** A search's /jobb path from the API: only a /jobb path is linked to. */
export const jobsPathOf = (path: unknown): string =>
  typeof path === 'string' && (path === '/jobb' || path.startsWith('/jobb?')) ? path : '/jobb';
