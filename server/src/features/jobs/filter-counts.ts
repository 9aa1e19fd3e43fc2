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
import type { SearchEngine } from '@jobbportalen/storage';
import { compileJobCount, exactTotalOf } from '../../search/compile-job-query.js';
import { searchCall } from '../../search/search-call.js';

/** The searches to count, each the current one with one choice made. */
function variants(query: JobQuery): Array<{ key: string; query: JobQuery }> {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...base } = query;
  return [
    ...PUBLISHED_WITHIN_DAYS.map((days) => ({
      key: `published:${days}`,
      query: { ...base, published: days },
    })),
    ...JOB_FLAG_FILTER_NAMES.map((name: JobFlagFilterName) => ({
      key: name,
      query: { ...base, [name]: JOB_FLAG_FILTERS[name].value } as JobQuery,
    })),
    // The radii only mean something around a place.
    ...(base.near === undefined
      ? []
      : RADIUS_CHOICES_KM.map((km) => ({ key: `radiusKm:${km}`, query: { ...base, radiusKm: km } }))),
  ];
}

const collator = new Intl.Collator('sv');

/**
 * The searches whose facets count 'Yrkesområde' and the places: the search without its own choice
 * there (picking a second län widens, so each län counts what it would add).
 */
function areaSearches(query: JobQuery, indexUid: string) {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...base } = query;
  const { occupationFields: _fields, ...anyField } = base;
  const { regions: _regions, municipalities: _municipalities, ...anyPlace } = base;
  return [
    { ...compileJobCount(anyField, indexUid), facets: [JOB_AREA_ATTRIBUTES.occupationFields] },
    {
      ...compileJobCount(anyPlace, indexUid),
      facets: [JOB_AREA_ATTRIBUTES.regions, JOB_AREA_ATTRIBUTES.municipalities],
    },
  ];
}

type Distribution = Record<string, Record<string, number>> | undefined;

/** Each known value's count, 0 for those without ads. */
const countsOf = (known: readonly string[], distribution: Record<string, number> | undefined) =>
  Object.fromEntries(known.map((value) => [value, distribution?.[value] ?? 0]));

/** The places with ads, or chosen, each with its län; places no län is known for are left out. */
function placesOf(query: JobQuery, distribution: Distribution): FilterCounts['places'] {
  const counts = distribution?.[JOB_AREA_ATTRIBUTES.municipalities] ?? {};
  const names = new Set([...Object.keys(counts), ...(query.municipalities ?? [])]);
  const places: FilterCounts['places'] = [];
  for (const name of names) {
    const regionId = municipalityByName(name)?.regionId;
    const region = regionId === undefined ? undefined : regionById(regionId)?.label;
    if (region !== undefined) places.push({ name, region, count: counts[name] ?? 0 });
  }
  return places.sort((a, b) => collator.compare(a.name, b.name));
}

/** All counts in one multi-search, each compiled (compileJobCount) by the one compileJobQuery that /api/jobs uses. */
export async function filterCounts(
  searchEngine: SearchEngine,
  indexUid: string,
  query: JobQuery,
  signal?: AbortSignal,
): Promise<FilterCounts> {
  const searches = variants(query);
  const { results } = await searchCall(() =>
    searchEngine.client.multiSearch(
      {
        // No hits, only the count, taken as /api/jobs takes its total (exactTotalOf).
        queries: [
          ...searches.map(({ query: variant }) => compileJobCount(variant, indexUid)),
          ...areaSearches(query, indexUid),
        ],
      },
      signal ? { signal } : undefined,
    ),
  );
  const count = new Map(
    searches.map(({ key }, index) => {
      const result = results[index]!;
      return [key, exactTotalOf(result)];
    }),
  );
  const of = (key: string) => count.get(key) ?? 0;
  const byField = results[searches.length]?.facetDistribution;
  const byPlace = results[searches.length + 1]?.facetDistribution;
  return {
    published: Object.fromEntries(
      PUBLISHED_WITHIN_DAYS.map((days) => [days, of(`published:${days}`)]),
    ) as FilterCounts['published'],
    experience: of('experience'),
    drivingLicence: of('drivingLicence'),
    remote: of('remote'),
    occupationFields: countsOf(OCCUPATION_FIELDS, byField?.[JOB_AREA_ATTRIBUTES.occupationFields]),
    regions: countsOf(REGIONS, byPlace?.[JOB_AREA_ATTRIBUTES.regions]),
    places: placesOf(query, byPlace),
    radiusKm:
      query.near === undefined
        ? null
        : (Object.fromEntries(RADIUS_CHOICES_KM.map((km) => [km, of(`radiusKm:${km}`)])) as NonNullable<
            FilterCounts['radiusKm']
          >),
  };
}
