import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rejectTooManyAttempts } from '../../http/too-many-attempts.js';

const ONE_MINUTE_MS = 60_000;

/**
 * The per-account limit of the saved-search routes that count new ads (list, save, change):
 * RATE_LIMIT_SAVED_SEARCHES_PER_ACCOUNT requests a minute, one budget for the three together,
 * so an account cannot spend three budgets by taking turns between them.
 *
 * Keyed by the account, not the address: only the account's own token spends it, so nobody can
 * use it to lock someone else out (people behind one office or mobile-network address each have
 * their own), and one account cannot flood Meilisearch from many connections or addresses. A
 * preHandler, since the account is known only after app.authenticate (onRequest), and a request
 * refused by validation spends nothing. Counted in this process's memory, like the search limit:
 * it guards against floods, and the counts are mostly cached anyway (saved-searches.service.ts).
 */
export function perAccountSavedSearchLimit(app: FastifyInstance, max: number) {
  const count = app.createRateLimit({
    max,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => `saved-searches:account:${request.user.id}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) rejectTooManyAttempts(reply, counted.ttl);
  };
}
