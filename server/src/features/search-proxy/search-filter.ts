import type { Static } from '@fastify/type-provider-typebox';
import { JOB_FACET_ATTRIBUTES, TITLE_ONLY_ATTRIBUTES } from '@jobbportalen/contracts';
import { badRequest } from '../../errors.js';
import { LIMITS, type SearchFilter } from './search-proxy.schemas.js';

type Filter = Static<typeof SearchFilter>;

// Values in quotes may contain anything, operators included: they are blanked out before
// counting. The count is a cost cap, not a parser: Meilisearch still judges the syntax.
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const IN_LIST = /\bIN\s*\[([^\]]*)\]/gi;
const OPERATOR =
  /!=|>=|<=|=|>|<|\bTO\b|\bEXISTS\b|\bIS\s+(?:NOT\s+)?(?:NULL|EMPTY)\b|\bCONTAINS\b|\bSTARTS\s+WITH\b|_geo(?:Radius|BoundingBox|Polygon)\s*\(/gi;

function expressions(filter: Filter): string[] {
  return typeof filter === 'string' ? [filter] : filter.flat();
}

/** Number of conditions in one filter expression; a value list `IN [a, b, c]` counts per value. */
export function countConditions(expression: string): number {
  const blanked = expression.replace(QUOTED, '""');
  let count = 0;
  const withoutLists = blanked.replace(IN_LIST, (_whole, list: string) => {
    count += list.split(',').filter((item) => item.trim() !== '').length;
    return ' ';
  });
  return count + (withoutLists.match(OPERATOR)?.length ?? 0);
}

/** Refuses filters too big to be a person's choice of facets (and too costly to run). */
export function assertFilterWithinLimits(filter: Filter | undefined): void {
  if (filter === undefined) return;
  const parts = expressions(filter);
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  if (length > LIMITS.filterLength) {
    throw badRequest('Filtret är för stort.', { details: { field: 'filter', limit: LIMITS.filterLength } });
  }
  const conditions = parts.reduce((sum, part) => sum + countConditions(part), 0);
  if (conditions > LIMITS.filterConditions) {
    throw badRequest('Filtret har för många villkor.', {
      details: { field: 'filter', limit: LIMITS.filterConditions },
    });
  }
}

const TITLE_FIELDS: readonly string[] = TITLE_ONLY_ATTRIBUTES;

/**
 * Facets and searched fields a browser search may name: the job search's own (contracts'
 * JobQuery definition). The key we add could otherwise count the values of any filterable
 * attribute, or search only fields the job browser never restricts a search to.
 */
export function assertJobSearchAttributes(query: {
  facets?: string[] | undefined;
  facetName?: string | undefined;
  attributesToSearchOn?: string[] | null | undefined;
}): void {
  const facets = [...(query.facets ?? []), ...(query.facetName === undefined ? [] : [query.facetName])];
  if (facets.some((facet) => !JOB_FACET_ATTRIBUTES.includes(facet))) {
    throw badRequest(
      'Sökningen kan bara räkna jobb per huvudkategori, ort, omfattning och anställningsform.',
      {
        details: {
          field: query.facetName === undefined ? 'facets' : 'facetName',
          allowed: JOB_FACET_ATTRIBUTES,
        },
      },
    );
  }
  if ((query.attributesToSearchOn ?? []).some((attribute) => !TITLE_FIELDS.includes(attribute))) {
    throw badRequest('En sökning kan bara begränsas till jobbtiteln.', {
      details: { field: 'attributesToSearchOn', allowed: TITLE_FIELDS },
    });
  }
}
