import { DAY_MS, HOUR_MS, MINUTE_MS, stockholmDate, stockholmWallClock } from '@jobbportalen/contracts';
import { formatDate } from './format';

// How fresh an ad is, in words a seeker scans for: 'Ny', 'Publicerad för 3 timmar sedan',
// 'Sista ansökningsdag i morgon'. Pure functions: every one takes `now` (epoch ms) from its caller,
// so the browser passes Date.now() at render time and tests fix the clock. Calendar words ('i går',
// 'i morgon', 'om 3 dagar') count Swedish days, whatever the visitor's own time zone is.

/** How long after its publication an ad is 'Ny' on its own. */
export const FRESH_AD_MS = DAY_MS;

/** A countdown ('om 6 dagar') up to this many days ahead; beyond, the deadline's date. */
const COUNTDOWN_DAYS = 6;

// Fixed rather than Intl's 'short' month: Node and browsers ship different ICU data ('sep.' or
// 'sept.'), and the same ad must read the same everywhere. CLDR's Swedish forms.
const SHORT_MONTHS = [
  'jan.',
  'feb.',
  'mars',
  'apr.',
  'maj',
  'juni',
  'juli',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
] as const;

/** An ISO text as epoch ms, or null when it is missing or not a date. */
function instantOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The Swedish calendar day of an instant as a day number: the difference of two is the number of
 * days between their dates, also across a DST night (whose day has 23 or 25 hours).
 */
function stockholmDayNumber(instant: number): number {
  const { year, month, day } = stockholmWallClock(instant);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Whether the ad was published (`publishedAt`, its ISO time) in the last 24 hours: the one rule for
 * a 'Ny' by age. Not when we first saw it: right after a snapshot import every ad is first seen,
 * also those published a month ago, and a seeker reads 'Ny' as newly published. (A saved search's
 * 'new since your last visit' is another rule, lib/new-ads-marker.) A publication time ahead of
 * `now` counts as fresh: it means the visitor's clock is behind the server's.
 */
export function isFreshAd(publishedAt: string | null | undefined, now: number): boolean {
  const published = instantOf(publishedAt);
  return published !== null && now - published < FRESH_AD_MS;
}

/**
 * How long ago, as 'för mindre än en minut sedan' (a bare 'just nu' read as unfinished), 'för N minuter sedan' (under an hour), 'för N timmar
 * sedan' (earlier the same Swedish day), 'i går' (the Swedish day before), else the date: '12 nov.',
 * with the year when it is not this year's ('12 nov. 2025'). Null for a missing or future time.
 */
function timeAgo(iso: string | null | undefined, now: number): string | null {
  const instant = instantOf(iso);
  if (instant === null || instant > now) return null;
  const elapsed = now - instant;
  if (elapsed < MINUTE_MS) return 'för mindre än en minut sedan';
  if (elapsed < HOUR_MS) return `för ${plural(Math.floor(elapsed / MINUTE_MS), 'minut', 'minuter')} sedan`;
  const days = stockholmDayNumber(now) - stockholmDayNumber(instant);
  // Elapsed hours, not the wall clock's: across the spring night 01:00 → 04:00 is two hours.
  if (days === 0) return `för ${plural(Math.floor(elapsed / HOUR_MS), 'timme', 'timmar')} sedan`;
  if (days === 1) return 'i går';
  const date = stockholmWallClock(instant);
  const year = date.year === stockholmWallClock(now).year ? '' : ` ${date.year}`;
  return `${date.day} ${SHORT_MONTHS[date.month - 1]}${year}`;
}

/** 'Publicerad för 3 timmar sedan', 'Publicerad i går', 'Publicerad 12 nov.' (see timeAgo). */
export function publishedLabel(publishedAt: string | null | undefined, now: number): string | null {
  const ago = timeAgo(publishedAt, now);
  return ago === null ? null : `Publicerad ${ago}`;
}

/**
 * When the feed last delivered the ad, on its page: 'Senast bekräftad av Arbetsförmedlingen för 2
 * timmar sedan' (see timeAgo). Null when the feed has not confirmed it since we started counting.
 */
export function confirmedLabel(lastConfirmedAt: string | null | undefined, now: number): string | null {
  // A confirmation a little ahead of the visitor's clock (theirs is behind the server's) is 'för
  // mindre än en minut sedan'.
  const confirmed = instantOf(lastConfirmedAt);
  const ago = confirmed === null ? null : timeAgo(lastConfirmedAt, Math.max(now, confirmed));
  return ago === null ? null : `Senast bekräftad av Arbetsförmedlingen ${ago}`;
}

/**
 * The deadline as a countdown of Swedish calendar days within a week: 'Sista ansökningsdag i dag',
 * '… i morgon', '… om 3 dagar' (2–6 days). Null when it is further off, missing, or has passed.
 */
export function deadlineCountdown(lastDate: string | null | undefined, now: number): string | null {
  const deadline = instantOf(lastDate);
  if (deadline === null || deadline < now) return null;
  const days = stockholmDayNumber(deadline) - stockholmDayNumber(now);
  if (days === 0) return 'Sista ansökningsdag i dag';
  if (days === 1) return 'Sista ansökningsdag i morgon';
  if (days <= COUNTDOWN_DAYS) return `Sista ansökningsdag om ${days} dagar`;
  return null;
}

/**
 * The deadline as a job card shows it: the countdown within a week, else the date as cards have
 * always shown it ('Sista ansökningsdag: 24 maj 2026'). Null when missing or passed (the portal
 * does not list such ads; a saved one that closed says so in its own tag).
 */
export function deadlineLabel(lastDate: string | null | undefined, now: number): string | null {
  const deadline = instantOf(lastDate);
  if (deadline === null || deadline < now) return null;
  const countdown = deadlineCountdown(lastDate, now);
  if (countdown) return countdown;
  return `Sista ansökningsdag: ${formatDate(lastDate) ?? ''}`;
}

/**
 * The Swedish calendar day of an ISO time as 'YYYY-MM-DD', for a <time dateTime> whose text is a
 * day ('i morgon'); null when it is not a date.
 */
export function stockholmDay(iso: string | null | undefined): string | null {
  const instant = instantOf(iso);
  return instant === null ? null : stockholmDate(instant);
}
