import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Helmet's headers for a request that came over HTTPS: its defaults, which add
 * `upgrade-insecure-requests` to the CSP and send Strict-Transport-Security.
 */
const overHttps = helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } });

/**
 * The same over plain HTTP, without those two: on an http address that is not loopback (the LAN
 * address printed at start, a deployment without TLS) `upgrade-insecure-requests` makes the
 * browser fetch every script over https, which nothing answers, and the page stays blank; and
 * HSTS means nothing over plain HTTP.
 */
const overPlainHttp = helmet({
  contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: null } },
  strictTransportSecurity: false,
});

/**
 * Security headers on every answer, chosen by how the request arrived. Both header sets are built
 * once here: building them per request would parse the policy again on every hit.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY is set.
    const headers = request.protocol === 'https' ? overHttps : overPlainHttp;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
