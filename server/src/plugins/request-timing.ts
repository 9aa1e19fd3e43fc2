import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request arrived: how long a page took, for its Server-Timing. */
    receivedAt: number;
  }
}

/**
 * Stamps each request with its arrival. Fastify's reply.elapsedTime would be the same, but it
 * counts only while a logger or an onResponse hook is set, and is 0 otherwise.
 */
export const requestTimingPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.receivedAt = performance.now();
    done();
  });
});
