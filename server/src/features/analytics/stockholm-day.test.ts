import { describe, expect, it } from 'vitest';
import { daysEndingWith } from './stockholm-day.js';

// Which Swedish day an instant falls on is stockholmDate's (contracts/src/stockholm-time.test.ts).
describe('Swedish calendar days', () => {
  it('lists consecutive days oldest first, across month ends and DST changes', () => {
    expect(daysEndingWith('2025-03-31', 3)).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
    expect(daysEndingWith('2024-03-01', 2)).toEqual(['2024-02-29', '2024-03-01']);
    expect(daysEndingWith('2025-01-01', 1)).toEqual(['2025-01-01']);
    expect(daysEndingWith('2025-10-27', 30)).toHaveLength(30);
  });
});
