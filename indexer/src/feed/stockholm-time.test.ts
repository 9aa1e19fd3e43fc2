import { describe, expect, it } from 'vitest';
import { formatStockholmLocalTime } from './stockholm-time.js';

describe('formatStockholmLocalTime', () => {
  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(formatStockholmLocalTime(new Date('2025-01-15T12:34:56Z'))).toBe('2025-01-15T13:34:56');
    expect(formatStockholmLocalTime(new Date('2025-07-01T12:34:56Z'))).toBe('2025-07-01T14:34:56');
  });

  it('jumps from 01:59:59 to 03:00:00 when summer time starts (2025-03-30)', () => {
    expect(formatStockholmLocalTime(new Date('2025-03-30T00:59:59Z'))).toBe('2025-03-30T01:59:59');
    expect(formatStockholmLocalTime(new Date('2025-03-30T01:00:00Z'))).toBe('2025-03-30T03:00:00');
  });

  it('repeats the 02:xx hour when summer time ends (2025-10-26)', () => {
    expect(formatStockholmLocalTime(new Date('2025-10-26T00:30:00Z'))).toBe('2025-10-26T02:30:00');
    expect(formatStockholmLocalTime(new Date('2025-10-26T01:30:00Z'))).toBe('2025-10-26T02:30:00');
    expect(formatStockholmLocalTime(new Date('2025-10-26T02:30:00Z'))).toBe('2025-10-26T03:30:00');
  });

  it('crosses midnight and the year boundary in local time, and truncates milliseconds', () => {
    expect(formatStockholmLocalTime(new Date('2024-12-31T23:00:00.999Z'))).toBe('2025-01-01T00:00:00');
    expect(formatStockholmLocalTime(new Date('2024-06-30T22:15:00Z'))).toBe('2024-07-01T00:15:00');
  });

  it('rejects an invalid Date instead of sending NaN to the feed', () => {
    expect(() => formatStockholmLocalTime(new Date('nope'))).toThrow(RangeError);
  });
});
