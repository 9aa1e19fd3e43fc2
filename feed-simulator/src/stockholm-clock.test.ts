import { describe, expect, it } from 'vitest';
import { formatStockholm, parseStockholm, stockholmOffsetMs } from './stockholm-clock.js';

const viaIntl = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const intlText = (ms: number) => viaIntl.format(new Date(ms)).replace(' ', 'T');

describe('formatStockholm', () => {
  it('agrees with the tz database every 97 minutes over two years, DST switches included', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let ms = start; ms < start + 2 * 366 * 86_400_000; ms += 97 * 60_000) {
      expect(formatStockholm(ms)).toBe(intlText(ms));
    }
  });

  it('switches to summer time at 01:00 UTC on the last Sunday of March', () => {
    expect(stockholmOffsetMs(Date.UTC(2025, 2, 30, 0, 59))).toBe(3_600_000);
    expect(stockholmOffsetMs(Date.UTC(2025, 2, 30, 1, 0))).toBe(7_200_000);
    expect(formatStockholm(Date.UTC(2025, 2, 30, 1, 0))).toBe('2025-03-30T03:00:00');
  });
});

describe('parseStockholm', () => {
  it('reads naive text as Stockholm local time in winter and summer', () => {
    expect(parseStockholm('2025-01-15T10:00:00')).toBe(Date.UTC(2025, 0, 15, 9));
    expect(parseStockholm('2025-07-01T10:00:00')).toBe(Date.UTC(2025, 6, 1, 8));
    expect(parseStockholm('2025-07-01')).toBe(Date.UTC(2025, 5, 30, 22));
  });

  it('honours an explicit zone and rejects non-timestamps', () => {
    expect(parseStockholm('2025-07-01T10:00:00Z')).toBe(Date.UTC(2025, 6, 1, 10));
    expect(parseStockholm('2025-07-01T10:00:00+02:00')).toBe(Date.UTC(2025, 6, 1, 8));
    expect(parseStockholm('igår')).toBeNull();
    expect(parseStockholm('2025-13-45T99:00:00')).toBeNull();
  });

  it('round-trips with formatStockholm to the second', () => {
    for (const ms of [Date.UTC(2024, 1, 29, 23, 59, 59), Date.UTC(2025, 9, 26, 12, 30, 5)]) {
      expect(parseStockholm(formatStockholm(ms))).toBe(ms);
    }
  });
});
