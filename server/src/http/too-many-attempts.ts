import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

/** A wait up to this long is told in seconds, a longer one in minutes. */
const LONGEST_WAIT_IN_SECONDS = 120;

/** Whole seconds until the limit lets the client in again; never 0, which would invite a retry at once. */
export const waitSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/**
 * The Swedish sentence of every 429 the portal answers. Without a known wait (a bare 429 that
 * reached the error handler) it asks the person to wait a while.
 */
export function tooManyAttemptsMessage(ttlMs?: number): string {
  if (ttlMs === undefined) return 'För många försök. Vänta en stund och försök igen.';
  const seconds = waitSeconds(ttlMs);
  const wait =
    seconds <= LONGEST_WAIT_IN_SECONDS ? `${seconds} sekunder` : `${Math.ceil(seconds / 60)} minuter`;
  return `För många försök. Vänta ${wait} och försök igen.`;
}

/** The 429 of every rate limit: the plugin's (see app.ts) and those checked inside a route. */
export const tooManyAttempts = (ttlMs?: number) =>
  new AppError(429, 'RATE_LIMITED', tooManyAttemptsMessage(ttlMs));

/** A 429 with Retry-After, for limits checked inside a route rather than by the plugin. */
export function rejectTooManyAttempts(reply: FastifyReply, ttlMs: number): never {
  reply.header('retry-after', waitSeconds(ttlMs));
  throw tooManyAttempts(ttlMs);
}
