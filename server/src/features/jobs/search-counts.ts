import { serializeJobQuery, type JobQuery } from '@jobbportalen/contracts';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { compileJobCount, exactTotalOf } from '../../search/compile-job-query.js';
import { resolveSearch } from '../../search/resolve-search.js';
import { searchCall, searchTimeout } from '../../search/search-call.js';
import { alsoMentionsSearch, NOTHING_TO_ADD } from './also-mentions.js';
import { assertDistanceParams } from './distance-params.js';
import { countedOf, filterCountSearches, type CountResult } from './filter-counts.js';
import type { JobsDependencies } from './jobs.service.js';
import type { JobsQuery } from './jobs.schemas.js';

/** A search's counts besides its hits, each its own answer in the question cache. */
type CountName = 'filterCounts' | 'alsoMentions';
type CountAnswer = FilterCounts | AlsoMentionsAnswer;

const keyOf = (name: CountName, query: JobQuery) => `${name}:${serializeJobQuery(query)}`;

/**
 * The answers `names` for a search (its page, page size and order left out), in one multi-search.
 * 'Visa även …' subtracts the search's own total: asked with the filter counts, it reads that from
 * their search of the search itself; asked alone, it counts it.
 */
async function askCounts(
  deps: JobsDependencies,
  query: JobQuery,
  names: CountName[],
): Promise<CountAnswer[]> {
  const filters = names.includes('filterCounts') ? filterCountSearches(query, deps.indexUid) : undefined;
  const also = names.includes('alsoMentions') ? alsoMentionsSearch(query, deps.indexUid) : undefined;
  const own = also && !filters ? compileJobCount(query, deps.indexUid) : undefined;
  const queries = [...(filters?.queries ?? []), ...(own ? [own] : []), ...(also ? [also.query] : [])];
  const results: CountResult[] =
    queries.length === 0
      ? []
      : (
          await searchCall(() =>
            deps.searchEngine.client.multiSearch({ queries }, { signal: searchTimeout().signal }),
          )
        ).results;
  // The results come in the order of `queries`: the filter counts' own, then the rest in turn.
  const filterResults = results.slice(0, filters?.queries.length ?? 0);
  const rest = results.slice(filterResults.length).values();
  const ownTotal = filters ? filters.totalOf(filterResults) : own ? exactTotalOf(rest.next().value!) : 0;
  const alsoMentions = also ? also.read(rest.next().value!, ownTotal) : NOTHING_TO_ADD;
  return names.map((name) => (name === 'filterCounts' ? filters!.read(filterResults) : alsoMentions));
}

/**
 * The answers `names` for a search, from the question cache where it holds them; those it does
 * not are asked together (askCounts) and kept each under its own key.
 */
function counts(deps: JobsDependencies, query: JobQuery, names: CountName[]): Promise<CountAnswer[]> {
  const keys = new Map(names.map((name) => [keyOf(name, query), name]));
  return deps.resultPages.getMany([...keys.keys()], (missing) =>
    askCounts(
      deps,
      query,
      missing.map((key) => keys.get(key)!),
    ),
  );
}

/** The search /api/jobs would run for the same parameters, resolved as it resolves them, as counted. */
async function countedSearch(deps: JobsDependencies, params: JobsQuery): Promise<JobQuery> {
  assertDistanceParams(params);
  return countedOf(await resolveSearch(deps.facetValues, params));
}

/**
 * GET /api/jobs/filter-counts: the counts beside 'Publicerad', the yes/no filters, the areas and
 * radii. A page shows 'Visa även …' beside them, so that is asked in the same multi-search (one
 * request to Meilisearch rather than two, and the search's own total read, not counted again) and
 * kept for its own route, which the page asks next; for a search it does not apply to, it is
 * NOTHING_TO_ADD without a search.
 */
export async function listFilterCounts(deps: JobsDependencies, params: JobsQuery): Promise<FilterCounts> {
  const [filterCounts] = await counts(deps, await countedSearch(deps, params), [
    'filterCounts',
    'alsoMentions',
  ]);
  return filterCounts as FilterCounts;
}

/**
 * GET /api/jobs/also-mentions: what widening the search to the ads' texts would add. Asked alone
 * (a widened page asks it for the search before widening, whose filter counts it does not show),
 * it does not bring the filter counts along.
 */
export async function jobsAlsoMentions(
  deps: JobsDependencies,
  params: JobsQuery,
): Promise<AlsoMentionsAnswer> {
  const [alsoMentions] = await counts(deps, await countedSearch(deps, params), ['alsoMentions']);
  return alsoMentions as AlsoMentionsAnswer;
}
