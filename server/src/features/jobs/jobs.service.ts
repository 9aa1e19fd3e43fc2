import {
  MAIN_CATEGORIES,
  POPULAR_CITIES,
  serializeJobQuery,
  type Job,
  type JobQuery,
  type JobSearchDocument,
} from '@jobbportalen/contracts';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import type { SearchEngine } from '@jobbportalen/storage';
import { serviceUnavailable } from '../../errors.js';
import { compileJobQuery, exactTotalOf, sumOfCounts } from '../../search/compile-job-query.js';
import { jobsFacetValues, type FacetValuesCache } from '../../search/facet-values-cache.js';
import { resolveSearch } from '../../search/resolve-search.js';
import { isSearchUnavailable, searchCall, searchTimeout as timeout } from '../../search/search-call.js';
import { SUGGESTIONS_MAX, type JobsPage, type JobsQuery } from './jobs.schemas.js';
import {
  DETAIL_ATTRIBUTES,
  LIST_ATTRIBUTES,
  toDetailJob,
  toListJob,
  type DetailDocument,
  type ListDocument,
} from './search-hit-mapper.js';
import { filterCounts } from './filter-counts.js';
import { createShortCache, type ShortCache } from './short-cache.js';
import { pickSuggestions } from './suggestions.js';

type Distribution = Record<string, number>;

// Well under the 30 s the answers may be cached by browsers anyway.
const FRONT_PAGE_CACHE_MS = 5_000;
// Result pages of /api/jobs: popular searches ('sjuksköterska' in Stockholm) repeat many times a
// second at busy hours, and the index itself changes at most once per feed poll.
const RESULT_PAGE_CACHE_MS = 5_000;
const RESULT_PAGE_CACHE_ENTRIES = 2_000;
const collator = new Intl.Collator('sv');

const sortedValues = (distribution: Distribution | undefined) =>
  Object.keys(distribution ?? {}).sort(collator.compare);

/** What the jobs functions below work with: the index and the short caches in front of it. */
export interface JobsDependencies {
  searchEngine: SearchEngine;
  indexUid: string;
  /** Counts and latest ads of the front page. */
  frontPage: ShortCache;
  /** Answers of /api/jobs, keyed by the serialised JobQuery. */
  resultPages: ShortCache;
  /** Places, categories and titles, for resolving a query's text and for suggestions. */
  facetValues: FacetValuesCache;
}

const indexOf = (deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid'>) =>
  deps.searchEngine.client.index<JobSearchDocument>(deps.indexUid);

/** Facet distribution over all live ads (counts are exact: maxTotalHits does not cap them). */
function facets(
  deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid'>,
  names: string[],
  filter?: string[],
): Promise<Record<string, Distribution>> {
  return searchCall(() =>
    indexOf(deps).search(null, { limit: 0, facets: names, ...(filter ? { filter } : {}) }, timeout()),
  ).then((result) => result.facetDistribution ?? {});
}

/**
 * The dependencies of the spec's /api/jobs API, answered from the Meilisearch jobs index
 * (filters, facet counts, newest first), so it always agrees with what the browser's search
 * shows. One per app: the caches live as long as it.
 */
export function jobsDependencies(searchEngine: SearchEngine, indexUid: string): JobsDependencies {
  const facetValues = jobsFacetValues(searchEngine, indexUid);
  return {
    searchEngine,
    indexUid,
    frontPage: createShortCache(FRONT_PAGE_CACHE_MS),
    resultPages: createShortCache(RESULT_PAGE_CACHE_MS, RESULT_PAGE_CACHE_ENTRIES),
    facetValues,
  };
}

async function searchJobs(deps: JobsDependencies, query: JobQuery): Promise<JobsPage> {
  const { q, params } = compileJobQuery(query);
  const result = await searchCall(() =>
    indexOf(deps).search(q, { ...params, attributesToRetrieve: [...LIST_ATTRIBUTES] }, timeout()),
  );
  return {
    jobs: (result.hits as ListDocument[]).map(toListJob),
    totalHits: exactTotalOf(result),
    totalPages: result.totalPages ?? 0,
    page: params.page,
    limit: params.hitsPerPage,
    appliedFilters: {
      search: query.text ?? null,
      mainCategory: query.mainCategory ?? null,
      city: query.city ?? null,
      extent: query.extent ?? null,
      form: query.form ?? null,
    },
  };
}

export async function listJobs(deps: JobsDependencies, params: JobsQuery): Promise<JobsPage> {
  const query = await resolveSearch(deps.facetValues, params);
  return deps.resultPages.get(serializeJobQuery(query), () => searchJobs(deps, query));
}

/** The counts beside 'Publicerad', 'Ingen erfarenhet krävs', 'Inget körkort krävs' and 'Distansarbete'. */
export async function listFilterCounts(deps: JobsDependencies, params: JobsQuery): Promise<FilterCounts> {
  const query = await resolveSearch(deps.facetValues, params);
  return deps.resultPages.get(`counts:${serializeJobQuery(query)}`, () =>
    filterCounts(deps.searchEngine, deps.indexUid, query, timeout().signal),
  );
}

export function latestJobs(deps: JobsDependencies, limit: number): Promise<Job[]> {
  return deps.frontPage.get(`latest:${limit}`, async () => {
    const result = await searchCall(() =>
      indexOf(deps).search(
        null,
        { limit, sort: ['publishedTs:desc'], attributesToRetrieve: [...LIST_ATTRIBUTES] },
        timeout(),
      ),
    );
    return (result.hits as ListDocument[]).map(toListJob);
  });
}

/** The live ad from the index, or null when the index does not hold it. */
export async function liveJob(deps: JobsDependencies, id: string): Promise<Job | null> {
  try {
    const document = await indexOf(deps).getDocument(id, { fields: [...DETAIL_ATTRIBUTES] });
    return toDetailJob(document as DetailDocument);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'document_not_found') return null;
    if (isSearchUnavailable(error))
      throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
    throw error;
  }
}

export function jobStats(deps: JobsDependencies) {
  return deps.frontPage.get('stats', async () => {
    const vacancies = (await facets(deps, ['vacancies'])).vacancies ?? {};
    const totalVacancies = Object.entries(vacancies).reduce(
      (sum, [value, count]) => sum + Number(value) * count,
      0,
    );
    return { totalJobs: sumOfCounts(vacancies), totalVacancies };
  });
}

export function mainCategoryCounts(deps: JobsDependencies) {
  return deps.frontPage.get('main-category-counts', async () => {
    const counts = (await facets(deps, ['mainCategory'])).mainCategory ?? {};
    return MAIN_CATEGORIES.map((category) => ({ _id: category, count: counts[category] ?? 0 }));
  });
}

export function cityCounts(deps: JobsDependencies) {
  return deps.frontPage.get('city-counts', async () => {
    const counts = (await facets(deps, ['location'])).location ?? {};
    return POPULAR_CITIES.map((city) => ({ _id: city, count: counts[city] ?? 0 }));
  });
}

/** Distinct values of one attribute, in Swedish alphabetical order. */
export function attributeValues(
  deps: JobsDependencies,
  attribute: 'title' | 'category' | 'location' | 'extent' | 'form',
): Promise<string[]> {
  return deps.frontPage.get(`values:${attribute}`, async () =>
    sortedValues((await facets(deps, [attribute]))[attribute]),
  );
}

export async function jobSuggestions(deps: JobsDependencies, query: string): Promise<string[]> {
  if (!query.trim()) return [];
  const { locations, categories, titles } = await deps.facetValues.get();
  return pickSuggestions(query, [locations, categories, titles], SUGGESTIONS_MAX);
}
