/**
 * Lengths of time in milliseconds, for the modules that count with them. A day here is 24 hours
 * of elapsed time; Swedish calendar days (which can be 23 or 25 hours) are stockholm-time.ts's.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
