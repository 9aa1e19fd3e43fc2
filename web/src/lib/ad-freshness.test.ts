import { describe, expect, it } from 'vitest';
import {
  confirmedLabel,
  deadlineCountdown,
  deadlineLabel,
  isFreshAd,
  publishedLabel,
  stockholmDay,
} from './ad-freshness';

// Every clock here is fixed. Instants are written in UTC ('Z') with the Stockholm wall-clock time
// beside them, so a test never depends on the time zone of the machine running it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

/** Wednesday 20 May 2026, 12:00 in Stockholm (CEST, +02:00). */
const NOON = at('2026-05-20T10:00:00Z');

describe('isFreshAd', () => {
  it('marks an ad published in the last 24 hours', () => {
    expect(isFreshAd(iso(NOON - 5 * MINUTE), NOON)).toBe(true);
    expect(isFreshAd(iso(NOON - 24 * HOUR + 1000), NOON)).toBe(true);
  });

  it('does not mark one published 24 hours ago or earlier', () => {
    expect(isFreshAd(iso(NOON - 24 * HOUR), NOON)).toBe(false);
    expect(isFreshAd(iso(NOON - 3 * 24 * HOUR), NOON)).toBe(false);
  });

  it('counts a publication time ahead of the visitor’s clock as fresh (their clock is behind)', () => {
    expect(isFreshAd(iso(NOON + 2 * MINUTE), NOON)).toBe(true);
  });

  it('never marks an ad without a (readable) publication time', () => {
    expect(isFreshAd(null, NOON)).toBe(false);
    expect(isFreshAd(undefined, NOON)).toBe(false);
    expect(isFreshAd('not a date', NOON)).toBe(false);
  });
});

describe('publishedLabel', () => {
  const ago = (ms: number) => publishedLabel(iso(NOON - ms), NOON);

  it('says "för mindre än en minut sedan" under a minute', () => {
    expect(ago(0)).toBe('Publicerad för mindre än en minut sedan');
    expect(ago(59_999)).toBe('Publicerad för mindre än en minut sedan');
  });

  it('counts whole minutes under an hour, singular and plural', () => {
    expect(ago(MINUTE)).toBe('Publicerad för 1 minut sedan');
    expect(ago(MINUTE + 59_000)).toBe('Publicerad för 1 minut sedan');
    expect(ago(5 * MINUTE)).toBe('Publicerad för 5 minuter sedan');
    expect(ago(HOUR - 1)).toBe('Publicerad för 59 minuter sedan');
  });

  it('counts whole hours earlier the same Swedish day, singular and plural', () => {
    expect(ago(HOUR)).toBe('Publicerad för 1 timme sedan');
    expect(ago(2 * HOUR - 1)).toBe('Publicerad för 1 timme sedan');
    expect(ago(3 * HOUR)).toBe('Publicerad för 3 timmar sedan');
    // 00:00:00 Stockholm is still today.
    expect(publishedLabel('2026-05-19T22:00:00Z', NOON)).toBe('Publicerad för 12 timmar sedan');
  });

  it('reads the day in Stockholm, not in UTC', () => {
    // 00:30 on the 20th in Stockholm, while UTC still says the 19th.
    expect(publishedLabel('2026-05-19T22:30:00Z', NOON)).toBe('Publicerad för 11 timmar sedan');
    // 23:30 on the 19th in Stockholm.
    expect(publishedLabel('2026-05-19T21:30:00Z', NOON)).toBe('Publicerad i går');
  });

  it('says "i går" for the previous Swedish day, at either end of it', () => {
    expect(publishedLabel('2026-05-19T21:59:59Z', NOON)).toBe('Publicerad i går'); // 23:59:59
    expect(publishedLabel('2026-05-18T22:00:00Z', NOON)).toBe('Publicerad i går'); // 00:00:00
  });

  it('around midnight: minutes first, then the calendar', () => {
    const justAfterMidnight = at('2026-05-19T22:30:00Z'); // 00:30 on the 20th
    expect(publishedLabel('2026-05-19T21:50:00Z', justAfterMidnight)).toBe('Publicerad för 40 minuter sedan');
    expect(publishedLabel('2026-05-19T21:00:00Z', justAfterMidnight)).toBe('Publicerad i går');
    const justBeforeMidnight = at('2026-05-20T21:59:00Z'); // 23:59 on the 20th
    expect(publishedLabel('2026-05-19T22:01:00Z', justBeforeMidnight)).toBe('Publicerad för 23 timmar sedan');
  });

  it('gives the date from two days back: day and short month, the year only when not this year', () => {
    expect(publishedLabel('2026-05-18T10:00:00Z', NOON)).toBe('Publicerad 18 maj');
    expect(publishedLabel('2026-03-02T10:00:00Z', NOON)).toBe('Publicerad 2 mars');
    expect(publishedLabel('2026-02-12T10:00:00Z', NOON)).toBe('Publicerad 12 feb.');
    expect(publishedLabel('2025-11-12T10:00:00Z', NOON)).toBe('Publicerad 12 nov. 2025');
    expect(publishedLabel('2025-09-01T10:00:00Z', NOON)).toBe('Publicerad 1 sep. 2025');
  });

  it('takes the year in Stockholm at New Year', () => {
    const newYearsNight = at('2025-12-31T23:30:00Z'); // 00:30 on 1 January 2026
    expect(publishedLabel('2025-12-31T09:00:00Z', newYearsNight)).toBe('Publicerad i går');
    expect(publishedLabel('2025-12-30T09:00:00Z', newYearsNight)).toBe('Publicerad 30 dec. 2025');
    // 00:10 on 1 January in Stockholm, still 2025 in UTC: this year's ad, no year shown.
    expect(publishedLabel('2025-12-31T23:10:00Z', at('2026-01-02T12:00:00Z'))).toBe('Publicerad i går');
    expect(publishedLabel('2025-12-31T23:10:00Z', at('2026-01-05T12:00:00Z'))).toBe('Publicerad 1 jan.');
  });

  it('counts elapsed hours across the spring night (clocks jump 02:00 → 03:00)', () => {
    // Sunday 29 March 2026: 01:30 CET → 04:30 CEST is two hours, though the wall clock moved three.
    expect(publishedLabel('2026-03-29T00:30:00Z', at('2026-03-29T02:30:00Z'))).toBe(
      'Publicerad för 2 timmar sedan',
    );
    // Noon Saturday → noon Sunday is 23 hours, and a day.
    expect(publishedLabel('2026-03-28T11:00:00Z', at('2026-03-29T10:00:00Z'))).toBe('Publicerad i går');
  });

  it('counts elapsed hours across the autumn night (03:00 → 02:00 again)', () => {
    // Sunday 25 October 2026: 01:30 CEST → 03:30 CET is three hours.
    expect(publishedLabel('2026-10-24T23:30:00Z', at('2026-10-25T02:30:00Z'))).toBe(
      'Publicerad för 3 timmar sedan',
    );
    // 23:30 Saturday → 23:30 Sunday is 25 hours, and one day.
    expect(publishedLabel('2026-10-24T21:30:00Z', at('2026-10-25T22:30:00Z'))).toBe('Publicerad i går');
  });

  it('has no label for a future, missing or broken time', () => {
    expect(publishedLabel(iso(NOON + 1000), NOON)).toBeNull();
    expect(publishedLabel(null, NOON)).toBeNull();
    expect(publishedLabel(undefined, NOON)).toBeNull();
    expect(publishedLabel('', NOON)).toBeNull();
    expect(publishedLabel('inte ett datum', NOON)).toBeNull();
  });
});

describe('confirmedLabel', () => {
  it('says when the feed last delivered the ad, in the words of the publication time', () => {
    expect(confirmedLabel(iso(NOON - 20 * MINUTE), NOON)).toBe(
      'Senast bekräftad av Arbetsförmedlingen för 20 minuter sedan',
    );
    expect(confirmedLabel(iso(NOON - 3 * HOUR), NOON)).toBe(
      'Senast bekräftad av Arbetsförmedlingen för 3 timmar sedan',
    );
    expect(confirmedLabel('2026-05-19T08:00:00Z', NOON)).toBe('Senast bekräftad av Arbetsförmedlingen i går');
    expect(confirmedLabel('2026-05-12T08:00:00Z', NOON)).toBe(
      'Senast bekräftad av Arbetsförmedlingen 12 maj',
    );
  });

  it('says "för mindre än en minut sedan" for a confirmation ahead of the visitor’s clock, and nothing without one', () => {
    expect(confirmedLabel(iso(NOON + 2 * MINUTE), NOON)).toBe(
      'Senast bekräftad av Arbetsförmedlingen för mindre än en minut sedan',
    );
    expect(confirmedLabel(null, NOON)).toBeNull();
    expect(confirmedLabel('inte ett datum', NOON)).toBeNull();
  });
});

describe('deadlineLabel and deadlineCountdown', () => {
  // The feed's deadlines are 23:59:59 Stockholm time: 21:59:59Z in summer.
  const closing = (day: string) => `2026-05-${day}T21:59:59Z`;

  it('says "i dag", "i morgon" and "om N dagar" up to six days', () => {
    expect(deadlineLabel(closing('20'), NOON)).toBe('Sista ansökningsdag i dag');
    expect(deadlineLabel(closing('21'), NOON)).toBe('Sista ansökningsdag i morgon');
    expect(deadlineLabel(closing('22'), NOON)).toBe('Sista ansökningsdag om 2 dagar');
    expect(deadlineLabel(closing('23'), NOON)).toBe('Sista ansökningsdag om 3 dagar');
    expect(deadlineLabel(closing('26'), NOON)).toBe('Sista ansökningsdag om 6 dagar');
    expect(deadlineCountdown(closing('23'), NOON)).toBe('Sista ansökningsdag om 3 dagar');
  });

  it('gives the date as cards always showed it from a week on; the countdown has nothing then', () => {
    expect(deadlineLabel(closing('27'), NOON)).toBe('Sista ansökningsdag: 27 maj 2026');
    expect(deadlineLabel('2026-12-24T22:59:59Z', NOON)).toBe('Sista ansökningsdag: 24 december 2026');
    expect(deadlineCountdown(closing('27'), NOON)).toBeNull();
  });

  it('counts Swedish calendar days, not 24-hour periods, at midnight', () => {
    const beforeMidnight = at('2026-05-20T21:59:30Z'); // 23:59:30 on the 20th
    expect(deadlineLabel('2026-05-20T22:00:30Z', beforeMidnight)).toBe('Sista ansökningsdag i morgon');
    expect(deadlineLabel(closing('20'), beforeMidnight)).toBe('Sista ansökningsdag i dag');
    const afterMidnight = at('2026-05-20T22:00:10Z'); // 00:00:10 on the 21st
    expect(deadlineLabel(closing('21'), afterMidnight)).toBe('Sista ansökningsdag i dag');
    expect(deadlineLabel(closing('22'), afterMidnight)).toBe('Sista ansökningsdag i morgon');
  });

  it('reads the day in Stockholm, not in UTC', () => {
    // 00:30 on the 21st in Stockholm (UTC: the 20th): the deadline that evening is today.
    expect(deadlineLabel(closing('21'), at('2026-05-20T22:30:00Z'))).toBe('Sista ansökningsdag i dag');
  });

  it('counts days across the DST nights', () => {
    // Saturday noon → Sunday 23:59:59 CEST (spring): tomorrow, 35 hours on.
    expect(deadlineLabel('2026-03-29T21:59:59Z', at('2026-03-28T11:00:00Z'))).toBe(
      'Sista ansökningsdag i morgon',
    );
    expect(deadlineLabel('2026-03-31T21:59:59Z', at('2026-03-25T11:00:00Z'))).toBe(
      'Sista ansökningsdag om 6 dagar',
    );
    // Saturday 23:30 CEST → Sunday 23:59:59 CET (autumn): tomorrow, 25½ hours on.
    expect(deadlineLabel('2026-10-25T22:59:59Z', at('2026-10-24T21:30:00Z'))).toBe(
      'Sista ansökningsdag i morgon',
    );
    // The deadline's date in winter time: 23:59:59 CET on 1 November, a week on.
    expect(deadlineLabel('2026-11-01T22:59:59Z', at('2026-10-25T10:00:00Z'))).toBe(
      'Sista ansökningsdag: 1 november 2026',
    );
  });

  it('has no label once the deadline has passed, or without one', () => {
    expect(deadlineLabel(iso(NOON - 1000), NOON)).toBeNull();
    expect(deadlineLabel(closing('19'), NOON)).toBeNull();
    expect(deadlineCountdown(iso(NOON - 1000), NOON)).toBeNull();
    expect(deadlineLabel(null, NOON)).toBeNull();
    expect(deadlineLabel(undefined, NOON)).toBeNull();
    expect(deadlineLabel('inte ett datum', NOON)).toBeNull();
  });
});

describe('stockholmDay', () => {
  it('is the Swedish calendar day of the time, for <time dateTime>', () => {
    expect(stockholmDay('2026-05-21T21:59:59Z')).toBe('2026-05-21');
    expect(stockholmDay('2026-05-20T22:30:00Z')).toBe('2026-05-21');
    expect(stockholmDay(null)).toBeNull();
    expect(stockholmDay('inte ett datum')).toBeNull();
  });
});
