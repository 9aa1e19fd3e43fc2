import {
  JOB_FILTER_ATTRIBUTES,
  jobConditionExpressions,
  JOB_FILTER_NAMES,
  JOB_PAGE_SIZE,
  JOB_TEXT_MATCHING_STRATEGY,
  jobSortRules,
  occupationSearch,
  quoteFilterValue,
  TITLE_ONLY_ATTRIBUTES,
  type JobQuery,
} from '@jobbportalen/contracts';
import { occupationLexicon } from '@jobbportalen/lexicon';
import type { SearchParams } from 'meilisearch';

/** A search as Meilisearch takes it: the text and the parameters. */
export interface CompiledJobQuery {
  q: string | null;
  params: SearchParams & {
    hitsPerPage: number;
    page: number;
    matchingStrategy: typeof JOB_TEXT_MATCHING_STRATEGY;
  };
}

/**
 * One `attribute = "value"` condition per facet filter that is set, then the publication window,
 * the yes/no filters and the distance as contracts define them for the browser too (all of them
 * must hold). `nowMs`
 * is for tests; the window is computed from the current minute.
 */
export function filterExpressions(query: JobQuery, nowMs?: number): string[] {
  const expressions: string[] = [];
  for (const name of JOB_FILTER_NAMES) {
    const value = query[name];
    if (value) expressions.push(`${JOB_FILTER_ATTRIBUTES[name]} = ${quoteFilterValue(value)}`);
  }
  return [...expressions, ...jobConditionExpressions(query, nowMs)];
}

/**
 * The one place a JobQuery becomes Meilisearch search parameters on the server (the browser's
 * InstantSearch reaches the same from the same definitions in contracts). The query should be
 * resolved (resolveJobQuery) first: a text naming a city is a filter by then.
 */
export function compileJobQuery(query: JobQuery): CompiledJobQuery {
  const sort = jobSortRules(query);
  // Occupation words are filters on the ads' occupations; the rest is searched as text.
  const text = occupationSearch(query, occupationLexicon());
  return {
    q: text.q ?? null,
    params: {
      filter: [...filterExpressions(query), ...text.filter],
      hitsPerPage: query.pageSize ?? JOB_PAGE_SIZE,
      page: query.page ?? 1,
      // Every ad has a number of vacancies: the counts add up to the exact number of hits,
      // which totalHits (capped at maxTotalHits) is not for a broad search.
      facets: ['vacancies'],
      ...(sort.length > 0 ? { sort: [...sort] } : {}),
      ...(text.q && query.titleOnly ? { attributesToSearchOn: [...TITLE_ONLY_ATTRIBUTES] } : {}),
      matchingStrategy: JOB_TEXT_MATCHING_STRATEGY,
    },
  };
}

/**
 * A search that only counts (no hits, no order) as one query of a multi-search: what the filter
 * counts and the zero-hit help ask for each variant of a search. The total is then exactTotalOf.
 */
export function compileJobCount(query: JobQuery, indexUid: string) {
  const { q, params } = compileJobQuery(query);
  return {
    indexUid,
    q,
    filter: params.filter,
    facets: params.facets,
    hitsPerPage: 0,
    page: 1,
    ...(params.attributesToSearchOn ? { attributesToSearchOn: params.attributesToSearchOn } : {}),
    matchingStrategy: params.matchingStrategy,
  };
}

/** The ads in each value of a facet, added up. */
export const sumOfCounts = (distribution: Record<string, number> | undefined): number =>
  Object.values(distribution ?? {}).reduce((sum, count) => sum + count, 0);

/**
 * The exact number of ads a compiled search matched: totalHits, or beyond maxTotalHits (where
 * totalHits is capped) the vacancies facet compileJobQuery asks for, which counts every ad once.
 */
export const exactTotalOf = (result: {
  totalHits?: number;
  facetDistribution?: Record<string, Record<string, number>>;
}): number => Math.max(result.totalHits ?? 0, sumOfCounts(result.facetDistribution?.vacancies));
