import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * What a token in a mail link may do. Each purpose has its own key, so a token made for one can
 * never be used for another (an unsubscribe link cannot reset a password).
 */
export type TokenPurpose =
  /** Confirm a visitor's alert subscription (double opt-in). */
  | 'alert-confirm'
  /** Manage one subscription from its mails: change the frequency, unsubscribe. */
  | 'alert-manage'
  /** Verify an account's e-mail address. */
  | 'verify-email'
  /** Set a new password; bound to the account's token version, so it works once. */
  | 'reset-password';

export interface TokenClaims {
  /** What the token is about: a subscription id, a user id. */
  subject: string;
  /**
   * Binds the token to state that changes when it is used or revoked (the account's token version,
   * the address being verified): the verifier compares it with the current value.
   */
  binding?: string;
}

interface Payload {
  s: string;
  b?: string;
  /** Expiry, unix seconds: every token signed has one (a token that never expires outlives any leak). */
  e?: number;
}

/**
 * Until this moment (unix seconds) a manage link without expiry is still accepted: the alert mails
 * sent before every token had one carry such links, among them the List-Unsubscribe target, which
 * must keep working until newer mails have replaced them (alerts go out instantly, daily or weekly;
 * an idle subscription's reminder, whose link keeps it, is answered within a month). No other purpose's
 * token ever lacked an expiry. Remove after the date: from then on the check refuses them anyway.
 */
const EXPIRY_LESS_ACCEPTED_UNTIL: Partial<Record<TokenPurpose, number>> = {
  'alert-manage': Date.UTC(2027, 2, 1) / 1000,
};

const MAX_TOKEN_LENGTH = 1024;
const PART = /^[A-Za-z0-9_-]+$/;

export interface SignedTokens {
  /** Every token expires: the link it goes into says for how long it works. */
  sign(purpose: TokenPurpose, claims: TokenClaims, options: { expiresInSeconds: number }): string;
  /** The claims of a valid, unexpired token of this purpose; null for anything else. */
  verify(purpose: TokenPurpose, token: unknown): TokenClaims | null;
}

/**
 * HMAC-SHA256 tokens for mail links: `payload.signature`, both base64url. The key of each
 * purpose is derived from the server secret, so no new secret has to be configured.
 */
export function createSignedTokens(secret: string, now: () => number = Date.now): SignedTokens {
  const keys = new Map<TokenPurpose, Buffer>();
  const keyOf = (purpose: TokenPurpose) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', secret, 'jobbportalen mail links', purpose, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  const signatureOf = (purpose: TokenPurpose, payload: string) =>
    createHmac('sha256', keyOf(purpose)).update(payload).digest();

  return {
    sign(purpose, claims, { expiresInSeconds }) {
      const payload: Payload = { s: claims.subject, e: Math.floor(now() / 1000) + expiresInSeconds };
      if (claims.binding !== undefined) payload.b = claims.binding;
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${signatureOf(purpose, encoded).toString('base64url')}`;
    },

    verify(purpose, token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
      const [encoded, signature, extra] = token.split('.');
      if (!encoded || !signature || extra !== undefined || !PART.test(encoded) || !PART.test(signature))
        return null;
      const expected = signatureOf(purpose, encoded);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Payload;
      } catch {
        return null;
      }
      if (typeof payload?.s !== 'string') return null;
      const expiresAt = payload.e ?? EXPIRY_LESS_ACCEPTED_UNTIL[purpose];
      if (typeof expiresAt !== 'number' || !(expiresAt * 1000 > now())) return null;
      return payload.b === undefined
        ? { subject: payload.s }
        : { subject: payload.s, binding: String(payload.b) };
    },
  };
}
