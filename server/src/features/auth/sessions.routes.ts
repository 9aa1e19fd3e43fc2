import { endAllSessions } from '../../accounts/users.repository.js';
import { unauthorized } from '../../errors.js';
import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, NoContent } from '../../http/response-schemas.js';
import type { FastifyTypedInstance } from '../../types.js';

/**
 * The account's sessions, under /api/auth. 'Logga ut överallt' ends every session of the account
 * at once, on every device, the one asking included: a session token is bound to the account's
 * token version (plugins/auth.ts), and moving the version on makes every token issued before it
 * fail. Reset links issued before die with them, which is as it should be: whoever worried about
 * a lost phone should not leave a working link in its mail either.
 */
export async function sessionRoutes(app: FastifyTypedInstance) {
  app.post(
    '/logout-everywhere',
    {
      // A database write per request: bounded like a log-in.
      config: perIpLimit(app.config.rateLimits.loginPerIp),
      onRequest: app.authenticate,
      schema: {
        tags: ['konto'],
        summary: 'Logga ut överallt',
        description:
          'Avslutar alla sessioner för kontot, även den som anropar: varje token som utfärdats hittills ' +
          'slutar gälla (401), liksom länkar för nytt lösenord som redan skickats. Logga in igen för en ny token.',
        security: [{ bearerAuth: [] }],
        response: { 204: NoContent, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      // Gone between the token check and here (deleted in another tab): nothing left to end.
      if (!(await endAllSessions(app.db, request.user.id))) throw unauthorized();
      return reply.status(204).send(null);
    },
  );
}
