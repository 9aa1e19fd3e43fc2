import {
  JOB_FLAG_FILTER_NAMES,
  JOB_FLAG_FILTERS,
  PUBLISHED_WITHIN_DAYS,
  RADIUS_CHOICES_KM,
  type JobFlagFilterName,
  type JobQuery,
} from '@jobbportalen/contracts';
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
        queries: searches.map(({ query: variant }) => compileJobCount(variant, indexUid)),
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
  return {
    published: Object.fromEntries(
      PUBLISHED_WITHIN_DAYS.map((days) => [days, of(`published:${days}`)]),
    ) as FilterCounts['published'],
    experience: of('experience'),
    drivingLicence: of('drivingLicence'),
    remote: of('remote'),
    radiusKm:
      query.near === undefined
        ? null
        : (Object.fromEntries(RADIUS_CHOICES_KM.map((km) => [km, of(`radiusKm:${km}`)])) as NonNullable<
            FilterCounts['radiusKm']
          >),
  };
}
