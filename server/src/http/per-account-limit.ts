import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rejectTooManyAttempts } from './too-many-attempts.js';

const ONE_MINUTE_MS = 60_000;

/**
 * A preHandler allowing `max` requests a minute per account, under the budget `name` (routes that
 * pass one name share one budget). Keyed by the account, not the address: only the account's own
 * token spends it, so nobody can use it to lock someone else out, and one account cannot flood
 * the server from many connections or addresses. A preHandler, since the account is known only
 * after app.authenticate (onRequest), and a request refused by validation spends nothing.
 * Counted in this process's memory: it guards against floods, not a count that must be exact.
 */
export function perAccountLimit(app: FastifyInstance, name: string, max: number) {
  const count = app.createRateLimit({
    max,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => `${name}:account:${request.user.id}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) rejectTooManyAttempts(reply, counted.ttl);
  };
}
