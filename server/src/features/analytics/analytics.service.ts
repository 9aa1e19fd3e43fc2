import { stockholmDate } from '@jobbportalen/contracts';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { badRequest } from '../../errors.js';
import { dailyViews, incrementPageView } from './analytics.repository.js';
import { daysEndingWith } from './stockholm-day.js';

export const PATH_MAX = 200;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path as we count it: without query string and fragment (they may carry search terms or
 * tokens), and with any segment that holds an e-mail address replaced, so no personal data
 * lands in the statistics. Ids stay: the per-ad counts are the point.
 */
export function normalizePagePath(raw: string): string {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) throw badRequest('Sökvägen måste börja med /.');
  if (path.length > PATH_MAX) throw badRequest(`Sökvägen får vara högst ${PATH_MAX} tecken lång.`);
  return path
    .split('/')
    .map((segment) => (decodeSegment(segment).includes('@') ? ':email' : segment))
    .join('/');
}

export async function recordPageView(db: Kysely<Database>, rawPath: string, now = new Date()) {
  await incrementPageView(db, stockholmDate(now), normalizePagePath(rawPath));
}

/** The last `days` days up to today (Swedish time), oldest first, with 0 for days without views. */
export async function pageViewsPerDay(db: Kysely<Database>, days: number, now = new Date()) {
  const range = daysEndingWith(stockholmDate(now), days);
  const counted = new Map(
    (await dailyViews(db, range[0]!, range[range.length - 1]!)).map((row) => [row.day, row.views]),
  );
  return range.map((day) => ({ day, views: counted.get(day) ?? 0 }));
}
