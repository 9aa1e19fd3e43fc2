import type { FastifyInstance } from 'fastify';
import { createSignedTokens, type SignedTokens } from '../http/signed-tokens.js';
import { mailBaseUrl } from './mail-base-url.js';
import { createMailLinks, type MailLinks } from './mail-links.js';

/** The mail links' tokens, signed with the server's secret (the same in every process). */
export function appTokens(app: FastifyInstance): SignedTokens {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('jwtSecret is not configured: mail links cannot be signed');
  return createSignedTokens(secret);
}

/**
 * The links in mails, absolute from PUBLIC_URL (else the address the server listens on). Built
 * per mail: without PUBLIC_URL the base is the listening address, known only once listening.
 */
export function appMailLinks(app: FastifyInstance, tokens = appTokens(app)): () => MailLinks {
  return () => createMailLinks(mailBaseUrl(app), tokens);
}
