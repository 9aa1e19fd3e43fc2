// The feed writes and reads naive Europe/Stockholm wall-clock times ('2024-04-24T14:27:02').
// Intl can convert them but costs microseconds per call, and the simulator formats several dates
// for each of hundreds of thousands of ads; the EU daylight-saving rule (since 1996: last Sunday of
// March to last Sunday of October, switching at 01:00 UTC) is simple enough to apply directly.

const HOUR_MS = 3_600_000;

function lastSundayUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const summerTimeByYear = new Map<number, readonly [number, number]>();

function summerTime(year: number): readonly [number, number] {
  let range = summerTimeByYear.get(year);
  if (!range) {
    range = [lastSundayUtc(year, 2), lastSundayUtc(year, 9)];
    summerTimeByYear.set(year, range);
  }
  return range;
}

/** Stockholm's offset from UTC at the given instant: one hour in winter, two in summer. */
export function stockholmOffsetMs(instantMs: number): number {
  const [summerStarts, summerEnds] = summerTime(new Date(instantMs).getUTCFullYear());
  return instantMs >= summerStarts && instantMs < summerEnds ? 2 * HOUR_MS : HOUR_MS;
}

/** 'YYYY-MM-DDTHH:MM:SS' in Stockholm local time, milliseconds dropped. */
export function formatStockholm(instantMs: number): string {
  return new Date(instantMs + stockholmOffsetMs(instantMs)).toISOString().slice(0, 19);
}

/** Stockholm local date 'YYYY-MM-DD' of the instant. */
export function stockholmDate(instantMs: number): string {
  return formatStockholm(instantMs).slice(0, 10);
}

const NAIVE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * Reads a feed timestamp. Naive text is Stockholm local time; text with a zone (Z or ±hh:mm) is
 * taken as it says. Returns null when the text is not a timestamp.
 */
export function parseStockholm(text: string): number | null {
  const trimmed = text.trim();
  if (HAS_ZONE.test(trimmed)) {
    const parsed = Date.parse(trimmed);
    return Number.isNaN(parsed) ? null : parsed;
  }
  const match = NAIVE_TIME.exec(trimmed);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = match;
  if (
    Number(month) > 12 ||
    Number(day) > 31 ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    return null;
  }
  const wallClockAsUtc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, '0')),
  );
  if (Number.isNaN(wallClockAsUtc)) return null;
  // Try winter time first; if that instant is in summer time, the wall clock was summer time.
  const asWinter = wallClockAsUtc - HOUR_MS;
  return stockholmOffsetMs(asWinter) === HOUR_MS ? asWinter : wallClockAsUtc - 2 * HOUR_MS;
}
