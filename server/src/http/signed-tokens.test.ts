import { describe, expect, it } from 'vitest';
import { createSignedTokens } from './signed-tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';

describe('signed mail-link tokens', () => {
  it('gives back the claims of a token it signed', () => {
    const tokens = createSignedTokens(SECRET);
    const token = tokens.sign('alert-manage', { subject: 'sub-1' });
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
    const token = tokens.sign('alert-manage', { subject: 'sub-1' });
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

  it.each([undefined, 42, '', 'x', 'a.b.c', '..', 'a'.repeat(2000), '%%%.%%%', 'e30.e30'])(
    'refuses garbage without throwing: %s',
    (garbage) => {
      expect(createSignedTokens(SECRET).verify('alert-manage', garbage)).toBeNull();
    },
  );
});
