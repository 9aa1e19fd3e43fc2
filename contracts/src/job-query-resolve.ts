import type { JobQuery } from './job-query.js';
import { findKnown } from './known-name.js';
import { MAIN_CATEGORIES, POPULAR_CITIES } from './main-categories.js';

const withPopularCities = (knownCities: readonly string[]): string[] => [
  ...new Set([...POPULAR_CITIES, ...knownCities]),
];

/**
 * The spec's rule for a search text that names a main category or a known city: it is that
 * filter, unless the filter is already set to something else ('?search=goteborg' is Göteborg's
 * jobs; '?search=it&mainCategory=Sälj' stays a text search). Names match ignoring case and
 * å/ä/ö, and the filter gets the index's spelling, as does a `city` given as such. The popular
 * cities are always known; `knownCities` adds the places of the live ads (/api/jobs/locations).
 */
export function resolveJobQuery(query: JobQuery, knownCities: readonly string[]): JobQuery {
  const cities = withPopularCities(knownCities);
  const resolved: JobQuery = { ...query };
  if (resolved.city !== undefined) resolved.city = findKnown(resolved.city, cities) ?? resolved.city;
  if (resolved.text === undefined) return resolved;

  const category = findKnown(resolved.text, MAIN_CATEGORIES);
  const city = category === null ? findKnown(resolved.text, cities) : null;
  if (category !== null && (resolved.mainCategory ?? category) === category) {
    resolved.mainCategory = category;
    delete resolved.text;
  } else if (city !== null && (resolved.city ?? city) === city) {
    resolved.city = city;
    delete resolved.text;
  }
  return resolved;
}

/**
 * Whether resolveJobQuery needs the list of known places for this search, or the popular cities
 * are enough (the browser then resolves a link without waiting for the list).
 */
export function needsKnownCities(query: JobQuery): boolean {
  const textLeft = resolveJobQuery(query, []).text !== undefined;
  const cityUnsure = query.city !== undefined && findKnown(query.city, POPULAR_CITIES) === null;
  return textLeft || cityUnsure;
}
