import { describe, expect, it } from 'vitest';
import { deadlineLine, swedishDate } from './mail-wording.js';

describe('swedishDate', () => {
  it('keeps the day of a zone-less feed time, which already is Swedish time', () => {
    expect(swedishDate('2026-12-01T23:59:59')).toBe('2026-12-01');
    expect(swedishDate('2026-12-01')).toBe('2026-12-01');
  });

  it('converts a time with a zone to the Swedish day, in winter and summer', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Stockholm (CET).
    expect(swedishDate('2026-11-30T23:30:00.000Z')).toBe('2026-12-01');
    expect(swedishDate('2026-11-30T22:59:59.000Z')).toBe('2026-11-30');
    // 22:30 UTC on 30 June is 00:30 on 1 July (CEST).
    expect(swedishDate('2026-06-30T22:30:00Z')).toBe('2026-07-01');
    expect(deadlineLine('2025-02-28T22:59:59.000Z')).toBe('Sista ansökningsdag 2025-02-28');
  });

  it('shows an unreadable value as it came', () => {
    expect(swedishDate('snart')).toBe('snart');
  });
});
