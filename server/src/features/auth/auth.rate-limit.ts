import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { sharedLimit } from '../../plugins/rate-limit-store.js';

const ONE_MINUTE = 60_000;

export const tooManyAttempts = (ttlMs: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `För många försök. Vänta ${Math.max(1, Math.ceil(ttlMs / 1000))} sekunder och försök igen.`,
  );

/**
 * Route config for a per-IP limit, checked in onRequest before the body is even read. Shared by
 * every server process on one PostgreSQL (see sharedLimit).
 */
export const perIpLimit = (max: number) => ({ rateLimit: sharedLimit({ max, timeWindow: ONE_MINUTE }) });

/**
 * A per-e-mail limit as a preHandler (the body is parsed and validated by then). It counts
 * guesses against one account however many addresses an attacker spreads them over; the
 * per-IP limit on the same route bounds the other direction. Uses `createRateLimit` because
 * the plugin runs only one of its own hooks per request.
 */
export function perEmailLimit(app: FastifyInstance, action: 'login' | 'register', max: number) {
  const limiter = app.createRateLimit({
    ...sharedLimit({ max, timeWindow: ONE_MINUTE }),
    keyGenerator: (request) =>
      `${action}:email:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyAttempts(result.ttl);
    }
  };
}
