/**
 * Feed times. JobStream writes most times without a zone ('2024-05-08T23:59:59'); they are
 * Europe/Stockholm wall-clock times (the feed is Swedish), so reading them as UTC would shift every deadline
 * by one or two hours. Intl knows the Swedish DST rules, which saves a time-zone dependency.
 */

const STOCKHOLM = 'Europe/Stockholm';
const HOUR_MS = 3_600_000;

const stockholmParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STOCKHOLM,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Stockholm's offset from UTC (ms) at an instant, asked of Intl: slow (a few µs a call). */
function offsetFromIntl(utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of stockholmParts.formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wallClockAsUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

// Every ad has several dates and each needs three offsets: a snapshot asked Intl 150,000 times
// a second's worth of CPU. Offsets change only on UTC hour boundaries in the modern rules, so
// one answer per UTC hour is kept — for hours whose first and last second agree; any other hour
// (1879's local-mean-time switch) is asked about every time.
const OFFSET_CACHE_LIMIT = 100_000;
const offsetByHour = new Map<number, number | null>();

/** Stockholm's offset from UTC (ms) at an instant: +1 h in winter, +2 h in summer. */
function stockholmOffsetAt(utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const first = offsetFromIntl(hour * HOUR_MS);
    offset = first === offsetFromIntl(hour * HOUR_MS + HOUR_MS - 1000) ? first : null;
    if (offsetByHour.size >= OFFSET_CACHE_LIMIT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset ?? offsetFromIntl(utcMs);
}

export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond?: number;
}

/**
 * The instant a Stockholm wall-clock time denotes. In the autumn hour that occurs twice the
 * earlier (summer-time) instant is taken; a time inside the spring gap does not exist and is read
 * with the winter offset, i.e. moved one hour forward, as clocks do.
 */
export function stockholmTimeToDate(time: WallClockTime): Date {
  const asUtc = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.hour,
    time.minute,
    time.second,
    time.millisecond ?? 0,
  );
  const offsetBefore = stockholmOffsetAt(asUtc - 12 * HOUR_MS);
  const offsetAfter = stockholmOffsetAt(asUtc + 12 * HOUR_MS);
  const fits = [offsetBefore, offsetAfter]
    .map((offset) => asUtc - offset)
    .filter((candidate) => asUtc - candidate === stockholmOffsetAt(candidate));
  return new Date(fits.length > 0 ? Math.min(...fits) : asUtc - offsetBefore);
}

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export interface FeedDateOptions {
  /** A bare date means the end of that day (a deadline), not its first second. */
  dateOnlyAsEndOfDay?: boolean;
}

/** Reads a feed date; zone-less times are Stockholm local time. Anything unreadable gives null. */
export function parseFeedDate(value: unknown, options: FeedDateOptions = {}): Date | null {
  if (typeof value === 'number') return parseEpoch(value);
  if (typeof value !== 'string') return null;
  const match = ISO_LIKE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const dateOnly = hour === undefined;
  const time: WallClockTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: dateOnly ? (options.dateOnlyAsEndOfDay ? 23 : 0) : Number(hour),
    minute: dateOnly ? (options.dateOnlyAsEndOfDay ? 59 : 0) : Number(minute),
    second: dateOnly ? (options.dateOnlyAsEndOfDay ? 59 : 0) : Number(second ?? 0),
    millisecond: fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0,
  };
  if (!isRealTime(time)) return null;
  if (zone === undefined) return stockholmTimeToDate(time);
  const asUtc = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.hour,
    time.minute,
    time.second,
    time.millisecond,
  );
  return new Date(asUtc - zoneOffsetMs(zone));
}

/**
 * The record's `timestamp`: epoch milliseconds in every sample (1713965113220). Seconds and ISO
 * strings are accepted too, because the number's unit is not documented anywhere.
 */
export function parseFeedTimestamp(value: unknown): Date | null {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return parseEpoch(Number(value));
  return parseFeedDate(value);
}

// Below 1e11 an epoch number can only be seconds: as milliseconds it would be before 1973.
function parseEpoch(value: number): Date | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const date = new Date(value < 1e11 ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isRealTime(time: WallClockTime): boolean {
  const daysInMonth = new Date(Date.UTC(time.year, time.month, 0)).getUTCDate();
  return (
    time.month >= 1 &&
    time.month <= 12 &&
    time.day >= 1 &&
    time.day <= daysInMonth &&
    time.hour <= 23 &&
    time.minute <= 59 &&
    time.second <= 59
  );
}

function zoneOffsetMs(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || 0);
  return sign * (hours * 60 + minutes) * 60_000;
}
