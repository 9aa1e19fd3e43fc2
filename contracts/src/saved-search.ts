import { searchWhatOf, searchWhereOf } from './job-areas.js';
import type { PublishedWithinDays } from './job-query-conditions.js';
import { isNearPosition, radiusKmOf } from './job-query-distance.js';
import type { JobQuery } from './job-query.js';

/** How often a saved search sends its new ads by e-mail ('off': saved, no mail). */
export const ALERT_FREQUENCIES = ['off', 'instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The frequency choice as the seeker sees it. */
export const ALERT_FREQUENCY_LABELS: Readonly<Record<AlertFrequency, string>> = {
  off: 'Av',
  instant: 'Direkt',
  daily: 'Dagligen',
  weekly: 'Varje vecka',
};

/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 20;
/** New ads listed in one alert mail; the rest are 'och N till' with a link to the search. */
export const MAX_ADS_PER_ALERT_MAIL = 50;
/**
 * 'Jobb som matchar min profil': the saved search whose alerts bring the new ads that fit the
 * account's kept profile ('Min profil') rather than a query. Its name and summary both read so.
 */
export const PROFILE_SEARCH_NAME = 'Jobb som matchar min profil';
/** The dashboard section 'Jobb för dig' (/dashboard#jobb-for-dig), where a profile search leads. */
export const JOBS_FOR_YOU_ANCHOR = 'jobb-for-dig';
/** The dashboard section where the profile is made and kept ('Min profil'). */
export const MY_PROFILE_ANCHOR = 'min-profil';

/** A visitor's subscription that nobody confirms is deleted after this many days. */
export const UNCONFIRMED_SUBSCRIPTION_DAYS = 7;

/**
 * The search of a saved search: a JobQuery without its page and order. Where the results start,
 * how many a page shows and how they are ordered are not part of what the seeker wants to hear
 * about (an alert lists new ads newest first anyway).
 */
export type SavedJobQuery = Omit<JobQuery, 'page' | 'pageSize' | 'sort'>;

/** A saved search's query without page, page size and order. */
export function savedJobQueryOf(query: JobQuery): SavedJobQuery {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...search } = query;
  return search;
}

/** How 'Publicerad' reads in a description. */
const PUBLISHED_DESCRIPTIONS: Readonly<Record<PublishedWithinDays, string>> = {
  1: 'publicerade senaste dygnet',
  3: 'publicerade senaste 3 dagarna',
  7: 'publicerade senaste veckan',
  30: 'publicerade senaste månaden',
};

/** How the distance reads: 'inom 30 km från Malmö', 'nära min position (inom 30 km)'. */
function distanceDescription(query: SavedJobQuery): string | undefined {
  if (query.near === undefined) return undefined;
  const radius = `inom ${radiusKmOf(query)} km`;
  return isNearPosition(query.near) ? `nära min position (${radius})` : `${radius} från ${query.near}`;
}

/** How the text reads: '”lärare”', '”lärare” i titeln', '”utvecklare” även i annonstexten'. */
function textDescription(text: string, query: SavedJobQuery): string {
  if (query.titleOnly) return `”${text}” i titeln`;
  return query.alsoMentions ? `”${text}” även i annonstexten` : `”${text}”`;
}

/**
 * A short Swedish description of a search, for lists and mails: '”lärare” i Göteborg, Heltid',
 * 'Transport i Skåne län och Hallands län'.
 * The plain job browser (no criteria) is 'Alla jobb'.
 */
export function describeJobQuery(query: SavedJobQuery): string {
  const parts: string[] = [];
  if (query.text) parts.push(textDescription(query.text, query));
  const what = searchWhatOf(query);
  if (what) parts.push(what);
  const head = parts.join(' inom ');
  const where = searchWhereOf(query);
  const place = where ? (head ? `i ${where}` : where) : '';
  const first = [head, place].filter(Boolean).join(' ');
  const rest = [
    distanceDescription(query),
    query.extent,
    query.form,
    query.experience === false ? 'utan krav på erfarenhet' : undefined,
    query.drivingLicence === false ? 'utan krav på körkort' : undefined,
    query.remote ? 'distans' : undefined,
    query.published === undefined ? undefined : PUBLISHED_DESCRIPTIONS[query.published],
  ].filter((value): value is string => Boolean(value));
  const all = [first, ...rest].filter(Boolean);
  return all.length === 0 ? 'Alla jobb' : all.join(', ');
}
