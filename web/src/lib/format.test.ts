import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, textOr } from './format';

describe('formatNumber', () => {
  it('groups thousands the Swedish way', () => {
    expect(formatNumber(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('formatDate', () => {
  it('writes the day, the Swedish month name and the year', () => {
    expect(formatDate('2026-05-24T12:00:00Z')).toBe('24 maj 2026');
  });

  it('uses Swedish time, so a deadline late in the evening UTC stays on the right day', () => {
    expect(formatDate('2026-05-24T22:30:00Z')).toBe('25 maj 2026');
  });

  it('gives null for missing or broken dates', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('inte ett datum')).toBeNull();
  });
});

describe('textOr', () => {
  it('takes the first non-blank value', () => {
    expect(textOr('Okänd titel', '  ', null, 'Lärare')).toBe('Lärare');
  });

  it('falls back when every value is blank', () => {
    expect(textOr('Okänt företag', undefined, '')).toBe('Okänt företag');
  });
});
