import { describe, expect, it } from 'vitest';
import { daysEndingWith, stockholmDay } from './stockholm-day.js';

describe('Swedish calendar days', () => {
  it('counts the time just after midnight in Sweden for the Swedish date, in summer and winter', () => {
    // 22:30 UTC on 30 June is 00:30 on 1 July in Stockholm (CEST, UTC+2).
    expect(stockholmDay(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
    expect(stockholmDay(new Date('2025-06-30T21:59:00Z'))).toBe('2025-06-30');
    // 23:30 UTC on 31 December is 00:30 on 1 January (CET, UTC+1).
    expect(stockholmDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(stockholmDay(new Date('2025-12-31T22:59:00Z'))).toBe('2025-12-31');
  });

  it('lists consecutive days oldest first, across month ends and DST changes', () => {
    expect(daysEndingWith('2025-03-31', 3)).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
    expect(daysEndingWith('2024-03-01', 2)).toEqual(['2024-02-29', '2024-03-01']);
    expect(daysEndingWith('2025-01-01', 1)).toEqual(['2025-01-01']);
    expect(daysEndingWith('2025-10-27', 30)).toHaveLength(30);
  });
});
