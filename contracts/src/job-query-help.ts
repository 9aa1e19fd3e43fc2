import { listWords } from './job-areas.js';
import { isNearPosition, radiusKmOf } from './job-query-distance.js';
import type { QueryInterpretation } from './job-query-understand.js';
import type { JobQuery } from './job-query.js';

/**
 * The criteria a seeker can take away from a search that finds nothing, in the order the help
 * lists them ('Utan Heltid: 12 jobb'): the facet filters, then the conditions, then the distance.
 */
export const REMOVABLE_FILTER_NAMES = [
  'mainCategory',
  'occupationFields',
  'city',
  'regions',
  'municipalities',
  'extent',
  'form',
  'published',
  'experience',
  'drivingLicence',
  'remote',
  'near',
] as const satisfies readonly (keyof JobQuery)[];
export type RemovableFilterName = (typeof REMOVABLE_FILTER_NAMES)[number];

const PUBLISHED_LABELS = {
  1: 'Publicerad senaste dygnet',
  3: 'Publicerad senaste 3 dagarna',
  7: 'Publicerad senaste veckan',
  30: 'Publicerad senaste månaden',
} as const;

/** The filters a search sets, among those it can do without. */
export const removableFiltersOf = (query: JobQuery): RemovableFilterName[] =>
  REMOVABLE_FILTER_NAMES.filter((name) => query[name] !== undefined);

/** How a set filter reads after 'Utan': 'Heltid', 'Malmö', 'Ingen erfarenhet krävs'. */
export function removableFilterLabel(query: JobQuery, name: RemovableFilterName): string {
  switch (name) {
    case 'published':
      return query.published === undefined ? '' : PUBLISHED_LABELS[query.published];
    case 'experience':
      return 'Ingen erfarenhet krävs';
    case 'drivingLicence':
      return 'Inget körkort krävs';
    case 'remote':
      return 'Distansarbete';
    case 'occupationFields':
    case 'regions':
    case 'municipalities':
      return listWords(query[name] ?? []);
    case 'near': {
      if (query.near === undefined) return '';
      const radius = `inom ${radiusKmOf(query)} km`;
      return isNearPosition(query.near) ? `Nära mig (${radius})` : `Avstånd ${radius} från ${query.near}`;
    }
    default:
      return query[name] ?? '';
  }
}

/** The search without one filter, from page 1; without its place also without radius and 'Närmast'. */
export function withoutFilter(query: JobQuery, name: RemovableFilterName): JobQuery {
  const { page: _page, ...rest } = query;
  const without: JobQuery = { ...rest };
  delete without[name];
  if (name === 'near') {
    delete without.radiusKm;
    if (without.sort === 'distance') delete without.sort;
  }
  return without;
}

/**
 * How an understood text reads above its results: 'Visar jobb som lärare i Malmö', 'Visar jobb
 * i Göteborg – Sommarjobb / feriejobb', 'Visar jobb inom IT på deltid'. Built from the understood parts only.
 */
export function describeInterpretation(interpretation: QueryInterpretation): string {
  const { text, mainCategory, extent, city, form } = interpretation;
  const parts = ['Visar'];
  // A text that is itself a kind of job ('extrajobb') needs no 'jobb som'.
  if (text !== undefined && /jobb$/i.test(text)) parts.push(text);
  else parts.push(text === undefined ? 'jobb' : `jobb som ${text}`);
  if (mainCategory !== undefined) parts.push(`inom ${mainCategory}`);
  if (city !== undefined) parts.push(city === 'Distans' ? 'på distans' : `i ${city}`);
  if (extent !== undefined) parts.push(`på ${extent.toLocaleLowerCase('sv')}`);
  const sentence = parts.join(' ');
  return form === undefined ? sentence : `${sentence} – ${form}`;
}
