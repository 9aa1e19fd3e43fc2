import { hashInts, Random } from './prng.js';
import { parseStockholm, stockholmDate } from './stockholm-clock.js';

const DAY_MS = 86_400_000;

/** The instant the ads of `generateAd(index, seed)` are live at when no referenceTime is given. */
export const DEFAULT_REFERENCE_TIME = Date.UTC(2025, 0, 15, 9, 0, 0);

export interface AdGenerationOptions {
  /** The ad is live at this instant unless publishedAt is given (default DEFAULT_REFERENCE_TIME). */
  referenceTime?: number;
  /** Publication instant of an ad published during the simulation. */
  publishedAt?: number;
  /** Number of the change that last updated the ad; each revision varies headline, deadline, text. */
  revision?: number;
  /** When that change happened: the ad's new `timestamp`. */
  updatedAt?: number;
}

export interface AdTimes {
  publishedAt: number;
  /** Epoch ms of the last change (the feed's `timestamp`). */
  timestamp: number;
  /** Epoch ms of application_deadline / last_publication_date (23:59:59 Stockholm time). */
  deadline: number;
  /** The deadline as the feed writes it. */
  deadlineText: string;
}

// Separate random streams per concern, so that computing an ad's dates never requires
// generating its text, and a revision does not disturb the original content.
export const STREAM_CONTENT = 1;
const STREAM_TIMES = 2;
export const STREAM_REVISION = 3;

function endOfDay(instantMs: number): { ms: number; text: string } {
  const text = `${stockholmDate(instantMs)}T23:59:59`;
  return { ms: parseStockholm(text) as number, text };
}

/** Publication, last change and deadline of an ad, without generating the rest of it. */
export function adTimesFor(index: number, seed: number, options: AdGenerationOptions = {}): AdTimes {
  const random = new Random(hashInts(seed, index, STREAM_TIMES));
  const openDays = random.between(7, 56);
  let publishedAt: number;
  let timestamp: number;
  if (options.publishedAt !== undefined) {
    publishedAt = options.publishedAt;
    timestamp = publishedAt;
  } else {
    const reference = options.referenceTime ?? DEFAULT_REFERENCE_TIME;
    // Younger than its open period, so every original ad is still open at the reference time.
    const ageMs = random.next() * Math.min(openDays - 1, 30) * DAY_MS;
    publishedAt = Math.floor((reference - ageMs) / 1000) * 1000 - 1000;
    const editedLater = random.chance(0.3);
    timestamp = editedLater
      ? publishedAt + Math.floor(random.next() * (reference - publishedAt - 1))
      : publishedAt;
  }
  let deadline = endOfDay(publishedAt + openDays * DAY_MS);
  if (options.revision !== undefined) {
    const revision = new Random(hashInts(seed, index, STREAM_REVISION, options.revision));
    if (revision.chance(0.5)) deadline = endOfDay(deadline.ms + revision.pick([7, 14]) * DAY_MS);
    timestamp = options.updatedAt ?? timestamp;
  }
  return { publishedAt, timestamp, deadline: deadline.ms, deadlineText: deadline.text };
}
