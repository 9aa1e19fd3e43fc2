export interface BackoffSettings {
  baseDelayMs: number;
  maxDelayMs: number;
}

// A Retry-After far in the future (a bad clock, a typo in a date) must not park the indexer for
// days; an hour still honours any sane rate-limit answer.
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** 429 and 5xx are the feed being busy or broken for now; other 4xx will not change by retrying. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Exponential backoff with full jitter: a random wait in [0, min(max, base·2^(n−1))). Spreading the
 * waits keeps several indexers (or restarts) from hitting the feed in lock-step.
 */
export function backoffDelayMs(
  failedAttempt: number,
  settings: BackoffSettings,
  random: () => number,
): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date always names its day and month; without a letter Date.parse would take '-5' as a year.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}
