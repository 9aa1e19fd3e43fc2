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
/** A visitor's subscription that nobody confirms is deleted after this many days. */
export const UNCONFIRMED_SUBSCRIPTION_DAYS = 7;

/**
 * The search of a saved search: a JobQuery without its page. Where the results start and how many
 * a page shows are not part of what the seeker wants to hear about.
 */
export type SavedJobQuery = Omit<JobQuery, 'page' | 'pageSize'>;

/** A saved search's query without page and page size. */
export function savedJobQueryOf(query: JobQuery): SavedJobQuery {
  const { page: _page, pageSize: _pageSize, ...search } = query;
  return search;
}

/**
 * A short Swedish description of a search, for lists and mails: '”lärare” i Göteborg, Heltid'.
 * The plain job browser (no criteria) is 'Alla jobb'.
 */
export function describeJobQuery(query: SavedJobQuery): string {
  const parts: string[] = [];
  if (query.text) parts.push(query.titleOnly ? `”${query.text}” i titeln` : `”${query.text}”`);
  if (query.mainCategory) parts.push(query.mainCategory);
  const head = parts.join(' inom ');
  const place = query.city ? (head ? `i ${query.city}` : query.city) : '';
  const first = [head, place].filter(Boolean).join(' ');
  const rest = [query.extent, query.form].filter((value): value is string => Boolean(value));
  const all = [first, ...rest].filter(Boolean);
  return all.length === 0 ? 'Alla jobb' : all.join(', ');
}
