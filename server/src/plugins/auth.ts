import jwt from '@fastify/jwt';
import type { UserRole } from '@jobbportalen/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors.js';
import { findAccountById, type AccountUser } from '../accounts/users.repository.js';

export interface TokenPayload {
  sub: string;
  role: UserRole;
  /**
   * The account's token version when the token was issued. Tokens from before versions existed
   * have none and count as version 0, so they keep working until the first password change.
   */
  ver?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    /** Set by `authenticate` from the database, never straight from the token. */
    user: AccountUser;
  }
}

export type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 unless a valid token names a user that still exists. */
    authenticate: AuthHook;
    /** Like `authenticate`, then 403 unless that user is an admin in the database. */
    requireAdmin: AuthHook;
    /** A session token; it dies when the account's token version moves on (a new password). */
    signToken(user: Pick<AccountUser, 'id' | 'role' | 'tokenVersion'>): string;
  }
}

/** How long a session token is valid (/integritet states it). */
export const SESSION_DAYS = 7;
const TOKEN_LIFETIME = `${SESSION_DAYS}d`;
const BEARER = /^Bearer +([A-Za-z0-9_=-]+\.[A-Za-z0-9_=-]*\.[A-Za-z0-9_=-]*)$/i;
const MAX_TOKEN_LENGTH = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || header.length > MAX_TOKEN_LENGTH) return undefined;
  return BEARER.exec(header)?.[1];
}

/**
 * Bearer-token authentication. Tokens are HS256 only: the verifier refuses `alg: none` and
 * every other algorithm, so a token cannot choose how it is checked. A valid signature is not
 * enough: the user is looked up on every request (one query), so a deleted account or a demoted
 * admin loses access at once, roles always come from the database, and a token issued before the
 * last password change (its `ver` behind the account's token version) is refused.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const secret = app.config.jwtSecret;
    if (!secret) throw new Error('jwtSecret is not configured: the auth plugin cannot sign tokens');
    await app.register(jwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
      verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] },
    });

    app.decorate('signToken', (user: Pick<AccountUser, 'id' | 'role' | 'tokenVersion'>) =>
      app.jwt.sign({ sub: user.id, role: user.role, ver: user.tokenVersion }),
    );

    const authenticate: AuthHook = async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(token);
      } catch {
        // Expired, tampered, wrong algorithm, malformed: the client only needs to log in again.
        throw unauthorized();
      }
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw unauthorized();
      const version = payload.ver ?? 0;
      if (!Number.isSafeInteger(version)) throw unauthorized();
      const user = await findAccountById(app.db, payload.sub);
      // A password change since the token was issued (a reset, admin:create) ended it.
      if (!user || user.tokenVersion !== version) throw unauthorized();
      request.user = user;
    };

    const requireAdmin: AuthHook = async (request) => {
      await authenticate(request);
      if (request.user.role !== 'admin') throw forbidden();
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', requireAdmin);
  },
  { name: 'auth', dependencies: [] },
);
