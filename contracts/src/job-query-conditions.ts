import { quoteFilterValue } from './filter-value.js';
import { distanceExpression } from './job-query-distance.js';
import type { JobQuery } from './job-query.js';

/** The choices of 'Publicerad': within the last day, 3 days, week or month. */
export const PUBLISHED_WITHIN_DAYS = [1, 3, 7, 30] as const;
export type PublishedWithinDays = (typeof PUBLISHED_WITHIN_DAYS)[number];

/**
 * The yes/no filters and the index attribute each one tests. `experience=false` means the ad says
 * no experience is required: an ad that says nothing (null) does not count as one that asks none.
 */
export const JOB_FLAG_FILTERS = {
  experience: { attribute: 'experienceRequired', value: false },
  drivingLicence: { attribute: 'drivingLicenceRequired', value: false },
  remote: { attribute: 'remote', value: true },
} as const satisfies Partial<Record<keyof JobQuery, { attribute: string; value: boolean }>>;

export type JobFlagFilterName = keyof typeof JOB_FLAG_FILTERS;
export const JOB_FLAG_FILTER_NAMES = Object.keys(JOB_FLAG_FILTERS) as JobFlagFilterName[];

const SECONDS_PER_DAY = 86_400;

/** The index attributes of 'Yrkesområde', 'Län' and the places picked several at once. */
export const JOB_AREA_ATTRIBUTES = {
  occupationFields: 'occupationField',
  regions: 'region',
  municipalities: 'location',
} as const satisfies Partial<Record<keyof JobQuery, string>>;

const anyOf = (attribute: string, values: readonly string[] | undefined): string | undefined =>
  values && values.length > 0 ? `${attribute} IN [${values.map(quoteFilterValue).join(', ')}]` : undefined;

/**
 * 'Yrkesområde' (any of the fields) and the place choice (in any of the län or any of the
 * municipalities): a seeker who ticks Skåne län and Göteborg wants the ads of both.
 */
export function jobAreaExpressions(query: JobQuery): string[] {
  const expressions: string[] = [];
  const fields = anyOf(JOB_AREA_ATTRIBUTES.occupationFields, query.occupationFields);
  if (fields) expressions.push(fields);
  const places = [
    anyOf(JOB_AREA_ATTRIBUTES.regions, query.regions),
    anyOf(JOB_AREA_ATTRIBUTES.municipalities, query.municipalities),
  ].filter((expression): expression is string => expression !== undefined);
  if (places.length > 0) expressions.push(places.length === 1 ? places[0]! : `(${places.join(' OR ')})`);
  return expressions;
}

/**
 * "Now" for 'Publicerad', rounded down to the minute, in unix seconds. The browser and the server
 * compute a window from this one function, so the same search at the same minute is the same
 * filter on both (and a result cache keyed by it lives at most a minute).
 */
export const publishedClockSeconds = (nowMs: number = Date.now()): number => Math.floor(nowMs / 60_000) * 60;

/** The earliest publication time (unix seconds) of an ad published within `days` of now. */
export const publishedSinceTs = (days: PublishedWithinDays, nowMs?: number): number =>
  publishedClockSeconds(nowMs) - days * SECONDS_PER_DAY;

/**
 * Meilisearch conditions of the filters that are not facet menus (all must hold): 'Yrkesområde'
 * and the län / places picked several at once, the publication window, the yes/no filters and
 * the distance from a place. The server's compileJobQuery and the browser's
 * InstantSearch state both use these, so both mean the same search.
 */
export function jobConditionExpressions(query: JobQuery, nowMs?: number): string[] {
  const expressions = jobAreaExpressions(query);
  if (query.published !== undefined)
    expressions.push(`publishedTs >= ${publishedSinceTs(query.published, nowMs)}`);
  for (const name of JOB_FLAG_FILTER_NAMES) {
    const filter = JOB_FLAG_FILTERS[name];
    if (query[name] === filter.value) expressions.push(`${filter.attribute} = ${String(filter.value)}`);
  }
  const distance = distanceExpression(query);
  if (distance !== undefined) expressions.push(distance);
  return expressions;
}
