// When daily and weekly alerts are due. Their moment is a Stockholm wall-clock time
// (ALERTS_DAILY_AT), so its UTC instant moves with summer time: the offset always comes from the
// time-zone rules of the day in question (contracts' stockholm-time), never from the host's zone.

import { DAY_MS, stockholmInstant, stockholmWallClock } from '@jobbportalen/contracts';

/**
 * The instant a Stockholm wall-clock time names on a date (given as its UTC midnight). A time the
 * spring change skips (02:30) comes out an hour later; one the autumn change repeats, the second.
 */
function instantOn(dateUtcMidnight: number, hour: number, minute: number): Date {
  const date = new Date(dateUtcMidnight);
  return stockholmInstant(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
      minute,
      second: 0,
    },
    { repeatedHour: 'later' },
  );
}

/** 'HH:MM' as hours and minutes (the configuration has checked the form). */
function timeOfDay(at: string): [number, number] {
  const [hour, minute] = at.split(':').map(Number);
  return [hour ?? 0, minute ?? 0];
}

/** The Stockholm date at `instant`, as the UTC midnight of that calendar date. */
function stockholmDateOf(instant: Date): { midnight: number; weekday: number } {
  const wall = stockholmWallClock(instant);
  return { midnight: Date.UTC(wall.year, wall.month - 1, wall.day), weekday: wall.weekday };
}

/** The latest daily moment (`dailyAt`, Stockholm) at or before `now`. */
export function latestDailyMoment(now: Date, dailyAt: string): Date {
  const [hour, minute] = timeOfDay(dailyAt);
  const today = stockholmDateOf(now).midnight;
  const moment = instantOn(today, hour, minute);
  return moment.getTime() <= now.getTime() ? moment : instantOn(today - DAY_MS, hour, minute);
}

/** The latest Monday moment (`dailyAt` on a Monday, Stockholm) at or before `now`. */
export function latestWeeklyMoment(now: Date, dailyAt: string): Date {
  const [hour, minute] = timeOfDay(dailyAt);
  const { midnight, weekday } = stockholmDateOf(now);
  const monday = midnight - ((weekday + 6) % 7) * DAY_MS;
  const moment = instantOn(monday, hour, minute);
  return moment.getTime() <= now.getTime() ? moment : instantOn(monday - 7 * DAY_MS, hour, minute);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 week of the Stockholm date at `instant`: 'YYYY-Www'. */
export function stockholmIsoWeek(instant: Date): string {
  const { midnight, weekday } = stockholmDateOf(instant);
  // The week belongs to the year of its Thursday.
  const thursday = new Date(midnight + (3 - ((weekday + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${pad(week)}`;
}
