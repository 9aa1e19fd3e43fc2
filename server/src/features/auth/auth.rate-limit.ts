import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { sharedLimit } from '../../plugins/rate-limit-store.js';

const ONE_MINUTE = 60_000;

/** A wait up to this long is told in seconds, a longer one in minutes. */
const LONGEST_WAIT_IN_SECONDS = 120;

export const tooManyAttempts = (ttlMs: number) => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const wait =
    seconds <= LONGEST_WAIT_IN_SECONDS ? `${seconds} sekunder` : `${Math.ceil(seconds / 60)} minuter`;
  return new AppError(429, 'RATE_LIMITED', `För många försök. Vänta ${wait} och försök igen.`);
};

/** A 429 with Retry-After, for limits checked inside a route rather than by the plugin. */
export function rejectTooManyAttempts(reply: FastifyReply, ttlMs: number): never {
  reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
  throw tooManyAttempts(ttlMs);
}

/**
 * Route config for a per-IP limit, checked in onRequest before the body is even read. Shared by
 * every server process on one PostgreSQL (see sharedLimit).
 */
export const perIpLimit = (max: number) => ({ rateLimit: sharedLimit({ max, timeWindow: ONE_MINUTE }) });

/**
 * A per-e-mail limit on registrations as a preHandler (the body is parsed and validated by
 * then): it bounds sign-up attempts for one address however many IPs send them. Log-in has its
 * own guard (login-attempts.ts), which counts only failures and only per client, so nobody can
 * lock an owner out of their account by failing on purpose. Uses `createRateLimit` because the
 * plugin runs only one of its own hooks per request.
 */
export function perEmailRegisterLimit(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({
    ...sharedLimit({ max, timeWindow: ONE_MINUTE }),
    keyGenerator: (request) =>
      `register:email:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) rejectTooManyAttempts(reply, result.ttl);
  };
}
