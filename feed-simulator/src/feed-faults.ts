/**
 * Failures the simulator can inject so the feed client's error handling can be exercised. The
 * `…Next` counters apply to the next K feed requests (snapshot and stream, v1 and v2; never /health
 * or the control endpoints) and count down; the other settings stay until changed.
 */
export interface FeedFaults {
  /** Answer 429 Too Many Requests (with Retry-After) to the next K feed requests. */
  rateLimitNext: number;
  retryAfterSeconds: number;
  /** Answer 500 to the next K feed requests. */
  serverErrorNext: number;
  /** Wait this long before answering every feed request. */
  delayMs: number;
  /** Cut the next K snapshot bodies off after `truncateAfterBytes` bytes by destroying the socket. */
  truncateSnapshotNext: number;
  truncateAfterBytes: number;
  /** Fraction (0–1) of records replaced by malformed ones: not an object, no id, wrong types. */
  malformedRate: number;
  /** Break the JSON of the next K feed response bodies (one record is cut off mid-way). */
  invalidJsonNext: number;
}

export const NO_FAULTS: Readonly<FeedFaults> = Object.freeze({
  rateLimitNext: 0,
  retryAfterSeconds: 60,
  serverErrorNext: 0,
  delayMs: 0,
  truncateSnapshotNext: 0,
  truncateAfterBytes: 64 * 1024,
  malformedRate: 0,
  invalidJsonNext: 0,
});

const NON_NEGATIVE_INTEGERS = [
  'rateLimitNext',
  'retryAfterSeconds',
  'serverErrorNext',
  'delayMs',
  'truncateSnapshotNext',
  'truncateAfterBytes',
  'invalidJsonNext',
] as const;

/** Validates a partial fault setting (e.g. parsed from a control request); throws a RangeError naming every problem. */
export function checkFaults(update: Record<string, unknown>): Partial<FeedFaults> {
  const problems: string[] = [];
  const checked: Partial<FeedFaults> = {};
  for (const [key, value] of Object.entries(update)) {
    if ((NON_NEGATIVE_INTEGERS as readonly string[]).includes(key)) {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
        checked[key as (typeof NON_NEGATIVE_INTEGERS)[number]] = value;
      } else problems.push(`${key} must be a whole number ≥ 0`);
    } else if (key === 'malformedRate') {
      if (typeof value === 'number' && value >= 0 && value <= 1) checked.malformedRate = value;
      else problems.push('malformedRate must be a number from 0 to 1');
    } else problems.push(`unknown fault setting ${key}`);
  }
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  return checked;
}

/** What one feed request gets, decided when it arrives. */
export interface RequestFaults {
  delayMs: number;
  status: 429 | 500 | null;
  retryAfterSeconds: number;
  truncateAfterBytes: number | null;
  breakJson: boolean;
  malformedRate: number;
}

export class FaultState {
  private current: FeedFaults;

  constructor(initial: Partial<FeedFaults> = {}) {
    this.current = { ...NO_FAULTS, ...checkFaults(initial) };
  }

  get(): FeedFaults {
    return { ...this.current };
  }

  set(update: Partial<FeedFaults>): FeedFaults {
    this.current = { ...this.current, ...checkFaults(update) };
    return this.get();
  }

  clear(): void {
    this.current = { ...NO_FAULTS };
  }

  /** Consumes the counters that apply to one feed request. */
  forRequest(isSnapshot: boolean): RequestFaults {
    const faults = this.current;
    const take = (key: 'rateLimitNext' | 'serverErrorNext' | 'truncateSnapshotNext' | 'invalidJsonNext') => {
      if (faults[key] <= 0) return false;
      faults[key]--;
      return true;
    };
    const status = take('rateLimitNext') ? 429 : take('serverErrorNext') ? 500 : null;
    const decided: RequestFaults = {
      delayMs: faults.delayMs,
      status,
      retryAfterSeconds: faults.retryAfterSeconds,
      truncateAfterBytes: null,
      breakJson: false,
      malformedRate: faults.malformedRate,
    };
    if (status !== null) return decided;
    decided.breakJson = take('invalidJsonNext');
    if (isSnapshot && take('truncateSnapshotNext')) decided.truncateAfterBytes = faults.truncateAfterBytes;
    return decided;
  }
}
