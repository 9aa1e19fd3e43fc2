// Europe/Stockholm wall-clock time, owned here and nowhere else. JobStream writes and reads naive
// Stockholm times, alerts go out at a Stockholm hour, statistics count Swedish days: each needs
// the offset (+01:00 or +02:00) of the instant in question, taken from the time-zone rules Intl
// carries (in Node and in the browser alike), never from the host's zone.

import { remembered } from './bounded-memo.js';
import { HOUR_MS } from './time-units.js';

/** A Stockholm wall-clock reading of an instant. */
export interface StockholmWallClock {
  year: number;
  /** 1 January … 12 December. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

/** A Stockholm wall-clock time whose instant is wanted (see stockholmInstant). */
export interface StockholmWallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond?: number;
}

// Created on first use, not at import: the web app imports this package's entry point, and a
// formatter built at module level would be work (and code) every page pays for.
let intlParts: Intl.DateTimeFormat | undefined;

/** Stockholm's offset from UTC (ms) at an instant, asked of Intl: slow (a few µs a call). */
function offsetFromIntl(utcMs: number): number {
  intlParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Stockholm',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of intlParts.formatToParts(new Date(utcMs))) {
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
  // Intl drops the milliseconds, so they are dropped from the instant too.
  return wallClockAsUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

// A feed snapshot needs several offsets per ad: asking Intl 150,000 times cost a second's worth
// of CPU. Offsets change only on UTC hour boundaries in the modern rules, so one answer per UTC
// hour is kept — for hours whose first and last second agree; any other hour (1879's switch from
// local mean time) is asked about every time.
const OFFSET_CACHE_LIMIT = 100_000;
let offsetByHour: Map<number, number | null> | undefined;

function millisecondsOf(instant: Date | number): number {
  const utcMs = typeof instant === 'number' ? instant : instant.getTime();
  if (Number.isNaN(utcMs)) throw new RangeError('An invalid Date has no Stockholm time');
  return utcMs;
}

/** Stockholm's offset from UTC (ms) at an instant: +1 h in winter, +2 h in summer. */
export function stockholmOffsetMs(instant: Date | number): number {
  const utcMs = millisecondsOf(instant);
  const hour = Math.floor(utcMs / HOUR_MS);
  offsetByHour ??= new Map();
  const offset = remembered(offsetByHour, hour, OFFSET_CACHE_LIMIT, () => {
    const first = offsetFromIntl(hour * HOUR_MS);
    return first === offsetFromIntl(hour * HOUR_MS + HOUR_MS - 1000) ? first : null;
  });
  return offset ?? offsetFromIntl(utcMs);
}

/** What a clock in Stockholm shows at an instant (seconds truncated). Throws on an invalid Date. */
export function stockholmWallClock(instant: Date | number): StockholmWallClock {
  const utcMs = millisecondsOf(instant);
  const wall = new Date(utcMs + stockholmOffsetMs(utcMs));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

export interface StockholmInstantOptions {
  /**
   * Which instant a time in the autumn hour that occurs twice (02:00–02:59 on the last Sunday of
   * October) denotes: the first, still summer time (default), or the second, already winter time.
   */
  repeatedHour?: 'earlier' | 'later';
}

/**
 * The instant a Stockholm wall-clock time denotes. A time inside the spring gap (02:00–02:59 on
 * the last Sunday of March) does not exist and is read with the winter offset, i.e. it comes one
 * hour later, as clocks do; for the autumn hour that occurs twice see `repeatedHour`.
 */
export function stockholmInstant(time: StockholmWallTime, options: StockholmInstantOptions = {}): Date {
  const asUtc = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.hour,
    time.minute,
    time.second,
    time.millisecond ?? 0,
  );
  // Half a day either side, the offsets are those before and after any change that night.
  const offsetBefore = stockholmOffsetMs(asUtc - 12 * HOUR_MS);
  const offsetAfter = stockholmOffsetMs(asUtc + 12 * HOUR_MS);
  const fits = [asUtc - offsetBefore, asUtc - offsetAfter].filter(
    (candidate) => asUtc - candidate === stockholmOffsetMs(candidate),
  );
  if (fits.length === 0) return new Date(asUtc - offsetBefore);
  return new Date(options.repeatedHour === 'later' ? Math.max(...fits) : Math.min(...fits));
}

const pad = (value: number) => String(value).padStart(2, '0');
const dateOf = (wall: StockholmWallClock) => `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;

/** 'YYYY-MM-DD': the calendar day in Sweden at an instant (00:30 CEST counts for that day, not UTC's). */
export function stockholmDate(instant: Date | number): string {
  return dateOf(stockholmWallClock(instant));
}

/**
 * 'YYYY-MM-DDTHH:MM:SS' in Stockholm time, seconds truncated: how JobStream wants its query
 * timestamps. In the autumn hour that occurs twice two instants give the same text; the feed
 * cannot tell them apart either. Throws a RangeError on an invalid Date rather than send 'NaN'.
 */
export function formatStockholmLocalTime(instant: Date | number): string {
  const wall = stockholmWallClock(instant);
  return `${dateOf(wall)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}
