import {
  JOB_FLAG_FILTER_NAMES,
  jobConditionExpressions,
  jobSortRules,
  parseJobQuery,
  serializeJobQuery,
  type JobQuery,
} from '@jobbportalen/contracts';
import type { AlgoliaMultipleQueriesQuery } from '@meilisearch/instant-meilisearch';

/**
 * The criteria of a search that are neither facet menus nor the text: 'Yrkesområde' and the
 * län / places (picked several at once, which a menu cannot), 'Publicerad', the yes/no
 * filters, the distance ('Avstånd': place and radius), the order, and whether the text's occupation
 * words also find ads whose text names them ('Visa även …', read by the search client).
 */
export type JobConditions = Pick<
  JobQuery,
  | 'occupationFields'
  | 'regions'
  | 'municipalities'
  | 'published'
  | 'experience'
  | 'drivingLicence'
  | 'remote'
  | 'near'
  | 'radiusKm'
  | 'sort'
  | 'alsoMentions'
>;

export const JOB_CONDITION_NAMES = [
  'occupationFields',
  'regions',
  'municipalities',
  'published',
  ...JOB_FLAG_FILTER_NAMES,
  'near',
  'radiusKm',
  'sort',
  'alsoMentions',
] as const satisfies readonly (keyof JobConditions)[];

/** Only the conditions of a state or a route, none of the rest. */
export function conditionsOf(source: object): JobConditions {
  const values = source as Partial<Record<string, unknown>>;
  const conditions: Record<string, unknown> = {};
  for (const name of JOB_CONDITION_NAMES) {
    if (values[name] !== undefined) conditions[name] = values[name];
  }
  return conditions as JobConditions;
}

/**
 * The Meilisearch filter string of the conditions (the same conditions compileJobQuery gives
 * /api/jobs), or undefined for none. instant-meilisearch adds the helper's `filters` to the facet
 * filters of the menus (all must hold).
 */
export function conditionsFilter(conditions: JobConditions): string | undefined {
  const expressions = jobConditionExpressions(conditions);
  return expressions.length > 0 ? expressions.join(' AND ') : undefined;
}

/**
 * The search parameter that carries the filter conditions from the InstantSearch state to the search
 * client, in their URL form ('published=7&remote=true'). The helper passes parameters it does not
 * know on with every request; the client turns them into the Meilisearch filter when it sends one.
 */
export const CONDITIONS_PARAM = 'jobConditions';

/**
 * The filter conditions' URL form for CONDITIONS_PARAM (the order travels in the index name); the
 * place travels as its name or rounded position, and becomes coordinates as the request is sent.
 */
export function conditionsParam(conditions: JobConditions): string | undefined {
  const { sort: _sort, ...filters } = conditions;
  return serializeJobQuery(filters) || undefined;
}

/**
 * A request with its conditions as the Meilisearch filter, computed as it is sent: the window of
 * 'Publicerad' counts back from the minute of this search, as /api/jobs's does, however long the
 * page has been open.
 */
export function withConditionFilters(request: AlgoliaMultipleQueriesQuery): AlgoliaMultipleQueriesQuery {
  const { [CONDITIONS_PARAM]: carried, ...params } = (request.params ?? {}) as Record<string, unknown>;
  if (typeof carried !== 'string') return request;
  const filters = conditionsFilter(conditionsOf(parseJobQuery(carried)));
  return { ...request, params: { ...params, ...(filters ? { filters } : {}) } };
}

/**
 * The index name that carries a chosen order, as InstantSearch names sorts ('jobs:lastDateTs:asc',
 * 'jobs:_geoPoint(55.598,13.006):asc,publishedTs:desc' for 'Närmast'). No choice is the bare name
 * (the search client then orders by the text, as /api/jobs does); 'relevance' is the name with an
 * empty rule list, so no default sort is added to it.
 */
export function sortedIndexName(indexName: string, conditions: JobConditions): string {
  const base = indexName.split(':')[0] ?? indexName;
  if (conditions.sort === undefined) return base;
  return `${base}:${jobSortRules(conditions).join(',')}`;
}
