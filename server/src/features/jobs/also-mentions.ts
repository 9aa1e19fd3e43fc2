import { occupationSearch, serializeJobQuery, type JobQuery } from '@jobbportalen/contracts';
import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { occupationLexicon } from '@jobbportalen/lexicon';
import type { SearchEngine } from '@jobbportalen/storage';
import { compileJobCount, exactTotalOf } from '../../search/compile-job-query.js';
import { resolveSearch } from '../../search/resolve-search.js';
import { searchCall, searchTimeout } from '../../search/search-call.js';
import { assertDistanceParams } from './distance-params.js';
import type { JobsDependencies } from './jobs.service.js';
import type { JobsQuery } from './jobs.schemas.js';

const NOTHING_TO_ADD: AlsoMentionsAnswer = { words: [], totalHits: 0 };

/**
 * What 'Visa även N annonser som nämner ”utvecklare” i texten' offers for a resolved search: its
 * occupation words as typed and how many ads alsoMentions would add. Both counts are the totals
 * /api/jobs would give (compileJobCount, exactTotalOf), taken in one multi-search so they see the
 * same index. Nothing for a text without occupation words, an exact text, a search already widened
 * or one in the titles only.
 */
export async function alsoMentionsOf(
  searchEngine: SearchEngine,
  indexUid: string,
  query: JobQuery,
  signal?: AbortSignal,
): Promise<AlsoMentionsAnswer> {
  // 'Sök endast i titel' asks for no ad's text.
  if (query.alsoMentions || query.titleOnly) return NOTHING_TO_ADD;
  const { occupations } = occupationSearch(query, occupationLexicon());
  if (occupations.length === 0) return NOTHING_TO_ADD;
  // The page and the order change no count.
  const { page: _page, pageSize: _pageSize, sort: _sort, ...search } = query;
  const { results } = await searchCall(() =>
    searchEngine.client.multiSearch(
      {
        queries: [
          compileJobCount(search, indexUid),
          compileJobCount({ ...search, alsoMentions: true }, indexUid),
        ],
      },
      signal ? { signal } : undefined,
    ),
  );
  const [plain, widened] = results.map((result) => exactTotalOf(result));
  return {
    words: occupations.map((occupation) => occupation.typed),
    // The widened search holds every ad of the plain one: the difference is what it adds.
    totalHits: Math.max(0, (widened ?? 0) - (plain ?? 0)),
  };
}

/** GET /api/jobs/also-mentions: for the search /api/jobs would run for the same parameters. */
export async function jobsAlsoMentions(
  deps: JobsDependencies,
  params: JobsQuery,
): Promise<AlsoMentionsAnswer> {
  assertDistanceParams(params);
  const query = await resolveSearch(deps.facetValues, params);
  return deps.resultPages.get(`also-mentions:${serializeJobQuery(query)}`, () =>
    alsoMentionsOf(deps.searchEngine, deps.indexUid, query, searchTimeout().signal),
  );
}
