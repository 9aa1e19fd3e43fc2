import { describe, expect, it } from 'vitest';
import {
  formatStockholmLocalTime,
  stockholmDate,
  stockholmInstant,
  stockholmOffsetMs,
  stockholmWallClock,
} from './stockholm-time.js';

const HOUR_MS = 3_600_000;

// The oracle: Intl asked directly every time, with another locale and no cache.
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
const intlOffset = (ms: number) => Date.parse(`${intlText(ms)}Z`) - Math.floor(ms / 1000) * 1000;

describe('stockholmOffsetMs', () => {
  it('is one hour in winter and two in summer, switching at 01:00 UTC', () => {
    expect(stockholmOffsetMs(new Date('2025-01-15T12:00:00Z'))).toBe(HOUR_MS);
    expect(stockholmOffsetMs(Date.parse('2025-07-01T12:00:00Z'))).toBe(2 * HOUR_MS);
    expect(stockholmOffsetMs(Date.parse('2025-03-30T00:59:59.999Z'))).toBe(HOUR_MS);
    expect(stockholmOffsetMs(Date.parse('2025-03-30T01:00:00Z'))).toBe(2 * HOUR_MS);
    expect(stockholmOffsetMs(Date.parse('2025-10-26T00:59:59.999Z'))).toBe(2 * HOUR_MS);
    expect(stockholmOffsetMs(Date.parse('2025-10-26T01:00:00Z'))).toBe(HOUR_MS);
  });

  it('agrees with Intl every 97 minutes over two years and every minute of both change nights', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let ms = start; ms < start + 2 * 366 * 86_400_000; ms += 97 * 60_000) {
      expect(stockholmOffsetMs(ms)).toBe(intlOffset(ms));
    }
    for (const night of [Date.UTC(2025, 2, 29, 22), Date.UTC(2025, 9, 25, 22)]) {
      for (let ms = night; ms < night + 6 * HOUR_MS; ms += 60_000) {
        // Asked twice: the second answer comes from the per-hour cache.
        expect(stockholmOffsetMs(ms)).toBe(intlOffset(ms));
        expect(stockholmOffsetMs(ms + 59_999)).toBe(intlOffset(ms + 59_999));
      }
    }
  });

  it('is exact in the one hour whose offset changed mid-hour (the end of local mean time)', () => {
    // Where that hour lies depends on the tz data the runtime carries (1879 or 1893), so it is
    // found by asking Intl: the first second whose offset is no longer that of 1850.
    const meanTime = intlOffset(Date.UTC(1850, 0, 1));
    let before = Date.UTC(1850, 0, 1);
    let after = Date.UTC(1900, 6, 1);
    expect(intlOffset(after)).not.toBe(meanTime);
    while (after - before > 1000) {
      const middle = before + Math.floor((after - before) / 2000) * 1000;
      if (intlOffset(middle) === meanTime) before = middle;
      else after = middle;
    }
    const hourStart = Math.floor(after / HOUR_MS) * HOUR_MS;
    expect(after).toBeGreaterThan(hourStart);
    for (let ms = hourStart; ms < hourStart + HOUR_MS; ms += 1000) {
      expect(stockholmOffsetMs(ms)).toBe(intlOffset(ms));
    }
  });

  it('rejects an invalid Date', () => {
    expect(() => stockholmOffsetMs(new Date('nope'))).toThrow(RangeError);
    expect(() => stockholmOffsetMs(Number.NaN)).toThrow(RangeError);
  });
});

describe('stockholmWallClock', () => {
  it('reads the clock in Stockholm, weekday included', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Stockholm.
    expect(stockholmWallClock(new Date('2026-01-18T23:30:15.900Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 19,
      hour: 0,
      minute: 30,
      second: 15,
      weekday: 1,
    });
    expect(stockholmWallClock(Date.parse('2026-07-04T10:00:00Z'))).toMatchObject({ hour: 12, weekday: 6 });
  });

  it('rejects an invalid Date', () => {
    expect(() => stockholmWallClock(new Date('nope'))).toThrow(RangeError);
  });
});

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

  it('agrees with Intl every 97 minutes over two years, DST switches included', () => {
    const start = Date.UTC(2024, 0, 1, 0, 0, 7, 450);
    for (let ms = start; ms < start + 2 * 366 * 86_400_000; ms += 97 * 60_000) {
      expect(formatStockholmLocalTime(ms)).toBe(intlText(ms));
    }
  });

  it('rejects an invalid Date instead of sending NaN to the feed', () => {
    expect(() => formatStockholmLocalTime(new Date('nope'))).toThrow(RangeError);
  });
});

describe('stockholmDate', () => {
  it('counts the time just after midnight in Sweden for the Swedish date, in summer and winter', () => {
    // 22:30 UTC on 30 June is 00:30 on 1 July in Stockholm (CEST, UTC+2).
    expect(stockholmDate(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
    expect(stockholmDate(new Date('2025-06-30T21:59:00Z'))).toBe('2025-06-30');
    // 23:30 UTC on 31 December is 00:30 on 1 January (CET, UTC+1).
    expect(stockholmDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(stockholmDate(new Date('2025-12-31T22:59:00Z'))).toBe('2025-12-31');
    expect(stockholmDate(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-15');
    expect(stockholmDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(stockholmDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('rejects an invalid Date', () => {
    expect(() => stockholmDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('stockholmInstant', () => {
  const iso = (time: string, repeatedHour?: 'earlier' | 'later') => {
    const [year, month, day, hour, minute, second] = time.split(/[-T:]/).map(Number);
    const parts = { year: year ?? 0, month: month ?? 0, day: day ?? 0, hour: hour ?? 0, minute: minute ?? 0 };
    return stockholmInstant({ ...parts, second: second ?? 0 }, { repeatedHour }).toISOString();
  };

  it('reads a wall-clock time with +1 h in winter and +2 h in summer', () => {
    expect(iso('2020-02-28T03:11:33')).toBe('2020-02-28T02:11:33.000Z');
    expect(iso('2024-07-01T12:00:00')).toBe('2024-07-01T10:00:00.000Z');
    const withMilliseconds = {
      year: 2024,
      month: 1,
      day: 8,
      hour: 10,
      minute: 0,
      second: 0,
      millisecond: 123,
    };
    expect(stockholmInstant(withMilliseconds).toISOString()).toBe('2024-01-08T09:00:00.123Z');
  });

  it('switches exactly at the spring change and moves a time in the gap an hour forward', () => {
    expect(iso('2024-03-31T01:59:59')).toBe('2024-03-31T00:59:59.000Z');
    expect(iso('2024-03-31T03:00:00')).toBe('2024-03-31T01:00:00.000Z');
    // 02:30 never happened that night; clocks read 03:30 at the instant it would have been.
    expect(iso('2024-03-31T02:30:00')).toBe('2024-03-31T01:30:00.000Z');
    expect(iso('2024-03-31T02:30:00', 'later')).toBe('2024-03-31T01:30:00.000Z');
  });

  it('takes the earlier instant of the autumn hour that occurs twice, or the later when asked', () => {
    expect(iso('2024-10-27T01:59:59')).toBe('2024-10-26T23:59:59.000Z');
    expect(iso('2024-10-27T02:00:00')).toBe('2024-10-27T00:00:00.000Z');
    expect(iso('2024-10-27T02:30:00')).toBe('2024-10-27T00:30:00.000Z');
    expect(iso('2024-10-27T02:30:00', 'later')).toBe('2024-10-27T01:30:00.000Z');
    expect(iso('2024-10-27T02:00:00', 'later')).toBe('2024-10-27T01:00:00.000Z');
    expect(iso('2024-10-27T03:00:00')).toBe('2024-10-27T02:00:00.000Z');
    expect(iso('2024-10-27T03:00:00', 'later')).toBe('2024-10-27T02:00:00.000Z');
  });

  it('round-trips with formatStockholmLocalTime for every minute of both change nights', () => {
    for (const night of [Date.UTC(2026, 2, 28, 22), Date.UTC(2026, 9, 24, 22)]) {
      for (let ms = night; ms < night + 6 * HOUR_MS; ms += 60_000) {
        const text = formatStockholmLocalTime(ms);
        const earlier = Date.parse(iso(text));
        const later = Date.parse(iso(text, 'later'));
        expect([earlier, later]).toContain(ms);
        expect(formatStockholmLocalTime(earlier)).toBe(text);
        expect(formatStockholmLocalTime(later)).toBe(text);
      }
    }
  });
});
