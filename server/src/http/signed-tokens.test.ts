import { describe, expect, it } from 'vitest';
import { createHmac, hkdfSync } from 'node:crypto';
import { createSignedTokens, type TokenPurpose } from './signed-tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
const HOUR = { expiresInSeconds: 3600 };

/** A correctly signed token of any payload, e.g. one signed before every token had an expiry. */
function handSigned(purpose: TokenPurpose, payload: Record<string, unknown>): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const key = Buffer.from(hkdfSync('sha256', SECRET, 'jobbportalen mail links', purpose, 32));
  return `${encoded}.${createHmac('sha256', key).update(encoded).digest('base64url')}`;
}

describe('signed mail-link tokens', () => {
  it('gives back the claims of a token it signed', () => {
    const tokens = createSignedTokens(SECRET);
    const token = tokens.sign('alert-manage', { subject: 'sub-1' }, HOUR);
    expect(tokens.verify('alert-manage', token)).toEqual({ subject: 'sub-1' });
    const bound = tokens.sign(
      'reset-password',
      { subject: 'user-1', binding: '3' },
      { expiresInSeconds: 3600 },
    );
    expect(tokens.verify('reset-password', bound)).toEqual({ subject: 'user-1', binding: '3' });
  });

  it('refuses a token of another purpose, another secret, or a changed payload', () => {
    const tokens = createSignedTokens(SECRET);
    const token = tokens.sign('alert-manage', { subject: 'sub-1' }, HOUR);
    expect(tokens.verify('reset-password', token)).toBeNull();
    expect(createSignedTokens(`${SECRET}x`).verify('alert-manage', token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ s: 'sub-2' })).toString('base64url')}.${signature}`;
    expect(tokens.verify('alert-manage', forged)).toBeNull();
  });

  it('refuses an expired token', () => {
    let clock = 1_000_000_000_000;
    const tokens = createSignedTokens(SECRET, () => clock);
    const token = tokens.sign('alert-confirm', { subject: 's' }, { expiresInSeconds: 60 });
    expect(tokens.verify('alert-confirm', token)).not.toBeNull();
    clock += 61_000;
    expect(tokens.verify('alert-confirm', token)).toBeNull();
  });

  it('makes every token carry its expiry', () => {
    const tokens = createSignedTokens(SECRET, () => 1_000_000_000_000);
    const [payload] = tokens.sign('alert-manage', { subject: 's' }, { expiresInSeconds: 60 }).split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({ s: 's', e: 1_000_000_060 });
  });

  it.each<TokenPurpose>(['alert-confirm', 'verify-email', 'reset-password'])(
    'refuses a correctly signed %s token without expiry',
    (purpose) => {
      const tokens = createSignedTokens(SECRET);
      const token = handSigned(purpose, { s: 'user-1', b: '0' });
      expect(tokens.verify(purpose, token)).toBeNull();
      // The same payload with an expiry is accepted: the refusal is for the missing expiry alone.
      const withExpiry = handSigned(purpose, { s: 'user-1', b: '0', e: Date.now() / 1000 + 60 });
      expect(tokens.verify(purpose, withExpiry)).toEqual({ subject: 'user-1', binding: '0' });
    },
  );

  it('refuses a token whose expiry is not a number', () => {
    const tokens = createSignedTokens(SECRET);
    const token = handSigned('reset-password', { s: 'user-1', b: '0', e: '9999999999' });
    expect(tokens.verify('reset-password', token)).toBeNull();
  });

  it('accepts the manage links of mails sent before expiries only until 2027-03-01', () => {
    const token = handSigned('alert-manage', { s: 'sub-1' });
    const at = (date: string) => createSignedTokens(SECRET, () => Date.parse(date));
    expect(at('2027-02-28T23:59:59Z').verify('alert-manage', token)).toEqual({ subject: 'sub-1' });
    expect(at('2027-03-01T00:00:00Z').verify('alert-manage', token)).toBeNull();
  });

  it.each([undefined, 42, '', 'x', 'a.b.c', '..', 'a'.repeat(2000), '%%%.%%%', 'e30.e30'])(
    'refuses garbage without throwing: %s',
    (garbage) => {
      expect(createSignedTokens(SECRET).verify('alert-manage', garbage)).toBeNull();
    },
  );
});
