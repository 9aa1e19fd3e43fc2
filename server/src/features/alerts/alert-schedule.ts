// When daily and weekly alerts are due. Their moment is a Stockholm wall-clock time
// (ALERTS_DAILY_AT), so its UTC instant moves with summer time: the offset always comes from the
// time-zone rules of the day in question (Intl), never from the host's zone.

const ZONE = 'Europe/Stockholm';
const DAY_MS = 86_400_000;

const stockholmParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function wallClockOf(instant: Date): WallClock {
  const part: Record<string, string> = {};
  for (const { type, value } of stockholmParts.formatToParts(instant)) part[type] = value;
  return {
    year: Number(part.year),
    month: Number(part.month),
    day: Number(part.day),
    hour: Number(part.hour),
    minute: Number(part.minute),
    second: Number(part.second),
    weekday: WEEKDAYS.indexOf(part.weekday ?? ''),
  };
}

/** Stockholm's offset from UTC at `instant`, in ms (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const wall = wallClockOf(new Date(instant));
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a Stockholm wall-clock time names on a date (given as its UTC midnight). A time the
 * spring change skips (02:30) comes out an hour later; one the autumn change repeats, the second.
 */
function stockholmInstant(dateUtcMidnight: number, hour: number, minute: number): Date {
  const wall = dateUtcMidnight + (hour * 60 + minute) * 60_000;
  // Two rounds: the offset of the first guess may be the wrong side of a change.
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** 'HH:MM' as hours and minutes (the configuration has checked the form). */
function timeOfDay(at: string): [number, number] {
  const [hour, minute] = at.split(':').map(Number);
  return [hour ?? 0, minute ?? 0];
}

/** The Stockholm date at `instant`, as the UTC midnight of that calendar date. */
function stockholmDateOf(instant: Date): { midnight: number; weekday: number } {
  const wall = wallClockOf(instant);
  return { midnight: Date.UTC(wall.year, wall.month - 1, wall.day), weekday: wall.weekday };
}

/** The latest daily moment (`dailyAt`, Stockholm) at or before `now`. */
export function latestDailyMoment(now: Date, dailyAt: string): Date {
  const [hour, minute] = timeOfDay(dailyAt);
  const today = stockholmDateOf(now).midnight;
  const moment = stockholmInstant(today, hour, minute);
  return moment.getTime() <= now.getTime() ? moment : stockholmInstant(today - DAY_MS, hour, minute);
}

/** The latest Monday moment (`dailyAt` on a Monday, Stockholm) at or before `now`. */
export function latestWeeklyMoment(now: Date, dailyAt: string): Date {
  const [hour, minute] = timeOfDay(dailyAt);
  const { midnight, weekday } = stockholmDateOf(now);
  const monday = midnight - ((weekday + 6) % 7) * DAY_MS;
  const moment = stockholmInstant(monday, hour, minute);
  return moment.getTime() <= now.getTime() ? moment : stockholmInstant(monday - 7 * DAY_MS, hour, minute);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of the Stockholm date at `instant`. */
export function stockholmDate(instant: Date): string {
  const wall = wallClockOf(instant);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** ISO 8601 week of the Stockholm date at `instant`: 'YYYY-Www'. */
export function stockholmIsoWeek(instant: Date): string {
  const { midnight, weekday } = stockholmDateOf(instant);
  // The week belongs to the year of its Thursday.
  const thursday = new Date(midnight + (3 - ((weekday + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${pad(week)}`;
}
