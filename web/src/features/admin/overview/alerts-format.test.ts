import { describe, expect, it } from 'vitest';
import { mailsSummary, mailTotals, runResultText } from './alerts-format';

describe('runResultText', () => {
  it("reads 'N bevakningar, M e-postmeddelanden köade', in the singular for one", () => {
    expect(runResultText({ subscriptions: 12, mails: 3 })).toBe('12 bevakningar, 3 e-postmeddelanden köade');
    expect(runResultText({ subscriptions: 1, mails: 1 })).toBe('1 bevakning, 1 e-postmeddelande köade');
    expect(runResultText({ subscriptions: 2500, mails: 0 })).toBe(
      '2\u00a0500 bevakningar, 0 e-postmeddelanden köade',
    );
  });

  it('counts a malformed answer as nothing', () => {
    expect(runResultText(null)).toBe('0 bevakningar, 0 e-postmeddelanden köade');
  });
});

describe('mail totals and summary', () => {
  const days = [
    { day: '2026-05-01', sent: 4, failed: 0 },
    { day: '2026-05-02', sent: 9, failed: 2 },
    { day: '2026-05-03', sent: 1, failed: 1 },
  ];

  it('adds up sent and failed mails', () => {
    expect(mailTotals(days)).toEqual({ sent: 14, failed: 3 });
    expect(mailTotals([])).toEqual({ sent: 0, failed: 0 });
  });

  it('names the totals and the busiest day', () => {
    expect(mailsSummary(days)).toBe(
      'Diagram över e-post de senaste 3 dagarna: totalt 14 skickade och 3 misslyckade, flest 2 maj 2026 (9).',
    );
    expect(mailsSummary([])).toBe('Diagram över e-post: inga data för perioden.');
  });
});
