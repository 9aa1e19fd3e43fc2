import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sharedPerMinute } from '../../http/rate-limits.js';
import { rejectTooManyAttempts } from '../../http/too-many-attempts.js';
import { mailboxOf } from '../../mail/mailbox.js';

/**
 * A per-e-mail limit on registrations as a preHandler (the body is parsed and validated by
 * then): it bounds sign-up attempts for one address however many IPs send them. Log-in has its
 * own guard (login-attempts.ts), which counts only failures and only per client, so nobody can
 * lock an owner out of their account by failing on purpose. Uses `createRateLimit` because the
 * plugin runs only one of its own hooks per request.
 */
export function perEmailRegisterLimit(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({
    ...sharedPerMinute(max),
    // Per mailbox, as the mail budget counts: 'anna+1@' is Anna's inbox too.
    keyGenerator: (request) =>
      `register:email:${mailboxOf((request.body as { email?: string } | undefined)?.email ?? '')}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) rejectTooManyAttempts(reply, result.ttl);
  };
}
