import {
  JOB_AREA_ATTRIBUTES,
  JOB_FLAG_FILTER_NAMES,
  JOB_FLAG_FILTERS,
  PUBLISHED_WITHIN_DAYS,
  RADIUS_CHOICES_KM,
  type JobFlagFilterName,
  OCCUPATION_FIELDS,
  REGIONS,
  type JobQuery,
} from '@jobbportalen/contracts';
import { municipalityByName, regionById } from '@jobbportalen/lexicon/taxonomy';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import { compileJobCount, exactTotalOf } from '../../search/compile-job-query.js';

type Counted = Omit<JobQuery, 'page' | 'pageSize' | 'sort'>;

/** The search as counted: without its page, page size and order. */
export function countedOf(query: JobQuery): Counted {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...base } = query;
  return base;
}

/**
 * The searches counted one by one, each the current one with one choice made: the 'Publicerad'
 * windows, and around a place the radii. (The yes/no filters are counted from facets: below.)
 */
function variants(base: Counted): Array<{ key: string; query: JobQuery }> {
  return [
    ...PUBLISHED_WITHIN_DAYS.map((days) => ({
      key: `published:${days}`,
      query: { ...base, published: days },
    })),
    // The radii only mean something around a place.
    ...(base.near === undefined
      ? []
      : RADIUS_CHOICES_KM.map((km) => ({ key: `radiusKm:${km}`, query: { ...base, radiusKm: km } }))),
  ];
}

/** The index attributes of the yes/no filters, counted as facets of the search. */
const FLAG_ATTRIBUTES = JOB_FLAG_FILTER_NAMES.map((name) => JOB_FLAG_FILTERS[name].attribute);

const collator = new Intl.Collator('sv');

/**
 * The searches whose facets give the rest of the counts, as few as mean the same:
 *   - the yes/no filters, from the search itself: a filter holds one value (experience=false,
 *     remote=true), so the ads of the search with that value are the search with that filter
 *     (already set, it changes nothing: the value's count is then the search's own);
 *   - 'Yrkesområde', from the search without its own fields, and the län and places from the
 *     search without its own places (picking a second län widens, so each län counts what it
 *     would add).
 * Without field or place choices those are all one search, asked once with every facet. The first
 * is always the search itself, with the facet its exact total is read from (exactTotalOf).
 */
function facetSearches(base: Counted, indexUid: string) {
  const { occupationFields: _fields, ...anyField } = base;
  const { regions: _regions, municipalities: _municipalities, ...anyPlace } = base;
  const wanted: Array<{ query: JobQuery; facets: readonly string[]; total?: true }> = [
    { query: base, facets: FLAG_ATTRIBUTES, total: true },
    { query: anyField, facets: [JOB_AREA_ATTRIBUTES.occupationFields] },
    { query: anyPlace, facets: [JOB_AREA_ATTRIBUTES.regions, JOB_AREA_ATTRIBUTES.municipalities] },
  ];
  // Searches that compile alike are one search, asked with each of their facets (and no others:
  // the other counts need no total).
  const searches = new Map<string, ReturnType<typeof compileJobCount>>();
  for (const { query, facets, total } of wanted) {
    const { facets: totalFacets = [], ...search } = compileJobCount(query, indexUid);
    const key = JSON.stringify(search);
    const asked = searches.get(key)?.facets ?? [];
    searches.set(key, { ...search, facets: [...asked, ...(total ? totalFacets : []), ...facets] });
  }
  return [...searches.values()];
}

/** One facet's distribution from whichever of the facet searches asked for it. */
function distributionOf(
  results: ReadonlyArray<{ facetDistribution?: Record<string, Record<string, number>> }>,
  attribute: string,
): Record<string, number> | undefined {
  for (const result of results) {
    const distribution = result.facetDistribution?.[attribute];
    if (distribution) return distribution;
  }
  return undefined;
}

/** Each known value's count, 0 for those without ads. */
const countsOf = (known: readonly string[], distribution: Record<string, number> | undefined) =>
  Object.fromEntries(known.map((value) => [value, distribution?.[value] ?? 0]));

/** The places with ads, or chosen, each with its län; places no län is known for are left out. */
function placesOf(query: JobQuery, counts: Record<string, number> = {}): FilterCounts['places'] {
  const names = new Set([...Object.keys(counts), ...(query.municipalities ?? [])]);
  const places: FilterCounts['places'] = [];
  for (const name of names) {
    const regionId = municipalityByName(name)?.regionId;
    const region = regionId === undefined ? undefined : regionById(regionId)?.label;
    if (region !== undefined) places.push({ name, region, count: counts[name] ?? 0 });
  }
  return places.sort((a, b) => collator.compare(a.name, b.name));
}

/** Searches of one multi-search, and how to read an answer from their results (in their order). */
export interface CountSearches<T> {
  queries: Array<ReturnType<typeof compileJobCount>>;
  read(results: readonly CountResult[]): T;
}

export type CountResult = {
  totalHits?: number;
  facetDistribution?: Record<string, Record<string, number>>;
};

/**
 * The filter counts' searches, each compiled (compileJobCount) by the one compileJobQuery that
 * /api/jobs uses: five for a search without field or place choices (four 'Publicerad' windows and
 * one with every facet), where each count was once a search of its own. The first facet search is
 * the search itself, with its total: `totalOf` reads its exact total from it
 * (what /api/jobs would count), for the 'Visa även …' asked in the same multi-search (search-counts.ts).
 */
export function filterCountSearches(
  query: JobQuery,
  indexUid: string,
): CountSearches<FilterCounts> & { totalOf(results: readonly CountResult[]): number } {
  const base = countedOf(query);
  const counted = variants(base);
  const faceted = facetSearches(base, indexUid);
  return {
    queries: [...counted.map(({ query: variant }) => compileJobCount(variant, indexUid)), ...faceted],
    totalOf: (results) => exactTotalOf(results[counted.length]!),
    read(results) {
      const count = new Map(counted.map(({ key }, index) => [key, exactTotalOf(results[index]!)]));
      const of = (key: string) => count.get(key) ?? 0;
      const facets = results.slice(counted.length);
      const flagCount = (name: JobFlagFilterName) => {
        const { attribute, value } = JOB_FLAG_FILTERS[name];
        return distributionOf(facets, attribute)?.[String(value)] ?? 0;
      };
      return {
        published: Object.fromEntries(
          PUBLISHED_WITHIN_DAYS.map((days) => [days, of(`published:${days}`)]),
        ) as FilterCounts['published'],
        experience: flagCount('experience'),
        drivingLicence: flagCount('drivingLicence'),
        remote: flagCount('remote'),
        occupationFields: countsOf(
          OCCUPATION_FIELDS,
          distributionOf(facets, JOB_AREA_ATTRIBUTES.occupationFields),
        ),
        regions: countsOf(REGIONS, distributionOf(facets, JOB_AREA_ATTRIBUTES.regions)),
        places: placesOf(query, distributionOf(facets, JOB_AREA_ATTRIBUTES.municipalities)),
        radiusKm:
          query.near === undefined
            ? null
            : (Object.fromEntries(RADIUS_CHOICES_KM.map((km) => [km, of(`radiusKm:${km}`)])) as NonNullable<
                FilterCounts['radiusKm']
              >),
      };
    },
  };
}
