import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from './retry-policy.js';

describe('isRetryableStatus', () => {
  it('retries 429 and 5xx only', () => {
    expect([429, 500, 502, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 408, 410, 200, 304].some(isRetryableStatus)).toBe(false);
  });
});

describe('backoffDelayMs', () => {
  const settings = { baseDelayMs: 1000, maxDelayMs: 300_000 };

  it('doubles the ceiling per failed attempt up to the cap', () => {
    const almostOne = () => 0.999999;
    expect(backoffDelayMs(1, settings, almostOne)).toBe(999);
    expect(backoffDelayMs(2, settings, almostOne)).toBe(1999);
    expect(backoffDelayMs(4, settings, almostOne)).toBe(7999);
    expect(backoffDelayMs(30, settings, almostOne)).toBe(299_999);
  });

  it('draws anywhere from zero (full jitter)', () => {
    expect(backoffDelayMs(5, settings, () => 0)).toBe(0);
    expect(backoffDelayMs(5, settings, () => 0.5)).toBe(8000);
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2025-05-01T10:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfterMs('Thu, 01 May 2025 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('Thu, 01 May 2025 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header and caps absurd waits at an hour', () => {
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs('-5', now)).toBeUndefined();
    expect(parseRetryAfterMs('999999', now)).toBe(3_600_000);
  });
});
