import { serializeJobQuery, type JobQuery } from '@jobbportalen/contracts';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { resolveSearch } from '../../search/resolve-search.js';
import { searchCall, searchTimeout } from '../../search/search-call.js';
import { alsoMentionsSearch, NOTHING_TO_ADD } from './also-mentions.js';
import { assertDistanceParams } from './distance-params.js';
import { countedOf, filterCountSearches, type CountResult } from './filter-counts.js';
import type { JobsDependencies } from './jobs.service.js';
import type { JobsQuery } from './jobs.schemas.js';

interface SearchCounts {
  filterCounts: FilterCounts;
  alsoMentions: AlsoMentionsAnswer;
}

/**
 * A search's counts besides its hits: the filters' counts and what 'Visa även …' would add. A
 * page shows both, so both are asked in one multi-search and kept as one answer (a page's render
 * asks for the two at once): one request to Meilisearch rather than two, and the search's own
 * total, which 'Visa även …' subtracts, is read from the filter counts' search of it rather than
 * counted again. The page, page size and order change no count: the pages of a search share it.
 */
function searchCounts(deps: JobsDependencies, query: JobQuery): Promise<SearchCounts> {
  const counted = countedOf(query);
  return deps.resultPages.get(`counts:${serializeJobQuery(counted)}`, async () => {
    const filters = filterCountSearches(counted, deps.indexUid);
    const also = alsoMentionsSearch(counted, deps.indexUid);
    const queries = [...filters.queries, ...(also ? [also.query] : [])];
    const signal = searchTimeout().signal;
    const { results } = await searchCall(() => deps.searchEngine.client.multiSearch({ queries }, { signal }));
    const found = results as CountResult[];
    return {
      filterCounts: filters.read(found),
      alsoMentions: also ? also.read(found[filters.queries.length]!, filters.totalOf(found)) : NOTHING_TO_ADD,
    };
  });
}

/** The search /api/jobs would run for the same parameters, resolved as it resolves them. */
async function resolved(deps: JobsDependencies, params: JobsQuery): Promise<JobQuery> {
  assertDistanceParams(params);
  return resolveSearch(deps.facetValues, params);
}

/** GET /api/jobs/filter-counts: the counts beside 'Publicerad', the yes/no filters, the areas and radii. */
export async function listFilterCounts(deps: JobsDependencies, params: JobsQuery): Promise<FilterCounts> {
  return (await searchCounts(deps, await resolved(deps, params))).filterCounts;
}

/** GET /api/jobs/also-mentions: what widening the search to the ads' texts would add. */
export async function jobsAlsoMentions(
  deps: JobsDependencies,
  params: JobsQuery,
): Promise<AlsoMentionsAnswer> {
  return (await searchCounts(deps, await resolved(deps, params))).alsoMentions;
}
