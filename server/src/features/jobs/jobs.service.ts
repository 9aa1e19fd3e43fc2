import {
  hitDistanceKm,
  MAIN_CATEGORIES,
  POPULAR_CITIES,
  radiusKmOf,
  type Job,
  type JobQuery,
  type JobSearchDocument,
} from '@jobbportalen/contracts';
import type { SearchEngine } from '@jobbportalen/storage';
import { serviceUnavailable } from '../../errors.js';
import { compileJobQuery, exactTotalOf, sumOfCounts } from '../../search/compile-job-query.js';
import { jobsFacetValues, type FacetValuesCache } from '../../search/facet-values-cache.js';
import { understandSearch } from '../../search/resolve-search.js';
import { canonicalJson, type QuestionCache } from '../../search/question-cache.js';
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
import { assertDistanceParams } from './distance-params.js';
import { interpretationAnswer } from './query-help.service.js';
import { pickSuggestions } from './suggestions.js';

type Distribution = Record<string, number>;
/** What a hit of a search with a place also carries. */
type DistanceFields = Pick<JobSearchDocument, '_geo'> & { _geoDistance?: number };

const collator = new Intl.Collator('sv');

const sortedValues = (distribution: Distribution | undefined) =>
  Object.keys(distribution ?? {}).sort(collator.compare);

/** What the jobs functions below work with: the index and the question cache in front of it. */
export interface JobsDependencies {
  searchEngine: SearchEngine;
  indexUid: string;
  /**
   * The server's question cache (shared with the search proxy): counts and latest ads of the
   * front page, searches keyed by their compiled Meilisearch request, counts by their query.
   */
  frontPage: QuestionCache;
  resultPages: QuestionCache;
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
export function jobsDependencies(
  searchEngine: SearchEngine,
  indexUid: string,
  questions: QuestionCache,
): JobsDependencies {
  const facetValues = jobsFacetValues(searchEngine, indexUid);
  return {
    searchEngine,
    indexUid,
    frontPage: questions,
    resultPages: questions,
    facetValues,
  };
}

async function searchJobs(
  deps: JobsDependencies,
  query: JobQuery,
): Promise<Omit<JobsPage, 'interpretation'>> {
  const { q, params } = compileJobQuery(query);
  // Around a place each hit says how far away it is: from Meilisearch's _geoDistance when the
  // order is 'Närmast', else from the ad's coordinates.
  const attributes = query.near === undefined ? LIST_ATTRIBUTES : [...LIST_ATTRIBUTES, '_geo'];
  const request = { ...params, attributesToRetrieve: [...attributes] };
  // The normalised question is the compiled request: queries that compile alike share an answer.
  const result = await deps.resultPages.get(
    `search:${canonicalJson({ index: deps.indexUid, q, request })}`,
    () => searchCall(() => indexOf(deps).search(q, request, timeout())),
  );
  return {
    jobs: (result.hits as Array<ListDocument & DistanceFields>).map((hit) => {
      const job = toListJob(hit);
      const distanceKm = hitDistanceKm(hit, query);
      return distanceKm === undefined ? job : { ...job, distanceKm };
    }),
    totalHits: exactTotalOf(result),
    totalPages: result.totalPages ?? 0,
    page: params.page,
    limit: params.hitsPerPage,
    appliedFilters: {
      search: query.text ?? null,
      mainCategory: query.mainCategory ?? null,
      field: [...(query.occupationFields ?? [])],
      region: [...(query.regions ?? [])],
      municipality: [...(query.municipalities ?? [])],
      city: query.city ?? null,
      extent: query.extent ?? null,
      form: query.form ?? null,
      published: query.published ?? null,
      experience: query.experience ?? null,
      drivingLicence: query.drivingLicence ?? null,
      remote: query.remote ?? null,
      near: query.near ?? null,
      radiusKm: query.near === undefined ? null : radiusKmOf(query),
      sort: query.sort ?? null,
    },
  };
}

export async function listJobs(deps: JobsDependencies, params: JobsQuery): Promise<JobsPage> {
  assertDistanceParams(params);
  // Two levels: the page by the question as asked (a repeat skips understanding and mapping,
  // the most of its cost), and inside searchJobs Meilisearch's answer by the compiled request
  // (questions asked differently that mean the same share one search).
  return deps.resultPages.get(`page:${canonicalJson(params)}`, async () => {
    const { query, interpretation } = await understandSearch(deps.facetValues, params);
    return { ...(await searchJobs(deps, query)), interpretation: interpretationAnswer(interpretation) };
  });
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
