import type { JobQuery } from './job-query.js';
import { understandText, type QueryInterpretation, type QueryRules } from './job-query-understand.js';
import { findKnown } from './known-name.js';
import { MAIN_CATEGORIES, POPULAR_CITIES } from './main-categories.js';

const withPopularCities = (knownCities: readonly string[]): string[] => [
  ...new Set([...POPULAR_CITIES, ...knownCities]),
];

/** A search as it is run, and how its text was understood (absent when it was searched as typed). */
export interface UnderstoodJobQuery {
  query: JobQuery;
  interpretation?: QueryInterpretation;
}

/** The spec's entry rule alone: a text that is exactly a main category or a known city is that filter. */
function textAsFilter(resolved: JobQuery, cities: readonly string[]): void {
  if (resolved.text === undefined) return;
  const category = findKnown(resolved.text, MAIN_CATEGORIES);
  const city = category === null ? findKnown(resolved.text, cities) : null;
  if (category !== null && (resolved.mainCategory ?? category) === category) {
    resolved.mainCategory = category;
    delete resolved.text;
  } else if (city !== null && (resolved.city ?? city) === city) {
    resolved.city = city;
    delete resolved.text;
  }
}

/**
 * The one meaning of a search's text, in the browser and on the server. A text that names a main
 * category or a known city is that filter, unless the filter is already set to something else
 * ('?search=goteborg' is Göteborg's jobs; '?search=it&mainCategory=Sälj' stays a text search).
 * With the query rules (lexicon's query-understanding data), a text typed the way Swedes type it
 * is understood too: 'lärarjobb malmö' is 'lärare' in Malmö, 'deltidsjobb' the extent Deltid
 * (understandText). `exact` turns both off: the text is searched as typed. Names match ignoring
 * case and å/ä/ö, and a filter gets the index's spelling, as does a `city` given as such. The
 * popular cities are always known; `knownCities` adds the places of the live ads
 * (/api/jobs/locations); `keptTexts` are texts that stay as typed (the live ads' titles).
 */
export function understandJobQuery(
  query: JobQuery,
  knownCities: readonly string[],
  rules?: QueryRules,
  keptTexts?: readonly string[],
): UnderstoodJobQuery {
  const cities = withPopularCities(knownCities);
  const resolved: JobQuery = { ...query };
  if (resolved.city !== undefined) resolved.city = findKnown(resolved.city, cities) ?? resolved.city;
  if (resolved.text === undefined || resolved.exact) return { query: resolved };
  if (rules === undefined) {
    textAsFilter(resolved, cities);
    return { query: resolved };
  }
  const interpretation = understandText(resolved.text, resolved, { cities, rules, keptTexts });
  if (interpretation === null) return { query: resolved };
  const { typed: _typed, ...understood } = interpretation;
  delete resolved.text;
  return { query: { ...resolved, ...understood }, interpretation };
}

/** The search understandJobQuery runs, without how it got there. */
export function resolveJobQuery(
  query: JobQuery,
  knownCities: readonly string[],
  rules?: QueryRules,
  keptTexts?: readonly string[],
): JobQuery {
  return understandJobQuery(query, knownCities, rules, keptTexts).query;
}

/**
 * Whether resolveJobQuery needs the list of known places for this search, or the popular cities
 * are enough (the browser then resolves a link without waiting for the list).
 */
export function needsKnownCities(query: JobQuery): boolean {
  const textLeft = !query.exact && resolveJobQuery(query, []).text !== undefined;
  const cityUnsure = query.city !== undefined && findKnown(query.city, POPULAR_CITIES) === null;
  return textLeft || cityUnsure;
}
