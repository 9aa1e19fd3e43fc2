import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '@jobbportalen/test-support/auth';
import { contextWords, isStrongPassword } from './password-strength.js';

describe('isStrongPassword', () => {
  it.each(['12345678', 'password', '        ', 'aaaaaaaa', 'qwerty123', 'P4$$w0rd', 'iloveyou'])(
    'refuses %j, a password from the common lists or a pattern',
    (password) => {
      expect(isStrongPassword(password)).toBe(false);
    },
  );

  it.each(['lösenord-123', 'losenord1', 'Sommar2024!', 'Hammarby1', 'hemligt123', 'stockholm2024'])(
    'refuses %j, built from a Swedish word people often choose',
    (password) => {
      expect(isStrongPassword(password)).toBe(false);
    },
  );

  it.each(['jobbportalen!', 'Jobbportalen2024', 'byt-detta-lösenord'])(
    'refuses %j, built from the product or its published example',
    (password) => {
      expect(isStrongPassword(password)).toBe(false);
    },
  );

  it.each([
    ['malin.bergsten77', { email: 'malin.bergsten@example.se' }],
    ['malinbergsten!', { name: 'Malin Bergsten' }],
    ['Bergsten1987', { name: 'Malin Bergsten' }],
    ['karriärhamnen2024', { siteName: 'Karriärhamnen' }],
  ])('refuses %j given %j, though it would pass without that context', (password, context) => {
    expect(isStrongPassword(password)).toBe(true);
    expect(isStrongPassword(password, context)).toBe(false);
  });

  it.each([
    STRONG_PASSWORD,
    'Tågresa-till-Kiruna',
    'vinterkväll-i-Luleå',
    'brun-moln-sked-41',
    // Eight characters are enough when they are not a pattern: no composition rule applies.
    'x9#Lq2!v',
    'Kö9#åLz!',
  ])('accepts %j', (password) => {
    expect(isStrongPassword(password, { email: 'malin.bergsten@example.se', name: 'Malin Bergsten' })).toBe(
      true,
    );
  });

  it('judges composed and decomposed å, ä, ö alike', () => {
    expect(isStrongPassword('lösenord-123'.normalize('NFD'))).toBe(false);
  });
});

describe('contextWords', () => {
  it('takes the e-mail, its local part, the name, the site name and the words inside them', () => {
    const words = contextWords({
      email: ' Malin.Bergsten@Example.se ',
      name: 'Malin Bergsten',
      siteName: 'Karriär Hamnen',
    });
    expect(words).toEqual(
      expect.arrayContaining([
        'malin.bergsten@example.se',
        'malin.bergsten',
        'malin',
        'bergsten',
        'malin bergsten',
        'malinbergsten',
        'karriär hamnen',
        'karriärhamnen',
        'hamnen',
        'jobbportalen',
      ]),
    );
    expect(words.every((word) => word.length >= 3)).toBe(true);
  });
});
