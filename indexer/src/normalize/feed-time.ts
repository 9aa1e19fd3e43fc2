/**
 * Feed times. JobStream writes most times without a zone ('2024-05-08T23:59:59'); they are
 * Europe/Stockholm wall-clock times (the feed is Swedish), so reading them as UTC would shift every deadline
 * by one or two hours. contracts' stockholm-time knows the Swedish DST rules (from Intl) and
 * takes, in the autumn hour that occurs twice, the earlier instant; a time in the spring gap comes
 * an hour later, as clocks do.
 */

import { stockholmInstant, type StockholmWallTime } from '@jobbportalen/contracts';

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
  const time: Required<StockholmWallTime> = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: dateOnly ? (options.dateOnlyAsEndOfDay ? 23 : 0) : Number(hour),
    minute: dateOnly ? (options.dateOnlyAsEndOfDay ? 59 : 0) : Number(minute),
    second: dateOnly ? (options.dateOnlyAsEndOfDay ? 59 : 0) : Number(second ?? 0),
    millisecond: fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0,
  };
  if (!isRealTime(time)) return null;
  if (zone === undefined) return stockholmInstant(time);
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

function isRealTime(time: StockholmWallTime): boolean {
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
