import { occupationSearch, type JobQuery } from '@jobbportalen/contracts';
import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { occupationLexicon } from '@jobbportalen/lexicon';
import { compileJobCount, exactTotalOf } from '../../search/compile-job-query.js';
import type { CountResult } from './filter-counts.js';

export const NOTHING_TO_ADD: AlsoMentionsAnswer = { words: [], totalHits: 0 };

/**
 * The occupation words 'Visa även …' would widen a resolved search by, as typed: none for a text
 * without occupation words, an exact text, a search already widened or one in the titles only.
 */
function wideningWords(query: JobQuery): string[] {
  // 'Sök endast i titel' asks for no ad's text.
  if (query.alsoMentions || query.titleOnly) return [];
  return occupationSearch(query, occupationLexicon()).occupations.map((occupation) => occupation.typed);
}

/**
 * What 'Visa även N annonser som nämner ”utvecklare” i texten' offers for a resolved search: its
 * occupation words (wideningWords), and the widened search (alsoMentions) whose count, less the
 * search's own, is what widening would add. Both counts are totals /api/jobs would give
 * (compileJobCount, exactTotalOf), asked in one multi-search so they see the same index
 * (search-counts.ts). Undefined when there are no words to widen by.
 */
export function alsoMentionsSearch(
  query: JobQuery,
  indexUid: string,
):
  | {
      query: ReturnType<typeof compileJobCount>;
      read(widened: CountResult, ownTotal: number): AlsoMentionsAnswer;
    }
  | undefined {
  const words = wideningWords(query);
  if (words.length === 0) return undefined;
  // The page and the order change no count.
  const { page: _page, pageSize: _pageSize, sort: _sort, ...search } = query;
  return {
    query: compileJobCount({ ...search, alsoMentions: true }, indexUid),
    read: (widened, ownTotal) => ({
      words,
      // The widened search holds every ad of the search itself: the difference is what it adds.
      totalHits: Math.max(0, exactTotalOf(widened) - ownTotal),
    }),
  };
}
