import {
  removableFilterLabel,
  removableFiltersOf,
  withoutFilter,
  type JobQuery,
} from '@jobbportalen/contracts';
import type { ZeroHitHelp } from '@jobbportalen/contracts/api/job-query-help';
import type { SearchEngine } from '@jobbportalen/storage';
import { compileJobCount, exactTotalOf } from '../../search/compile-job-query.js';
import type { FacetValues } from '../../search/facet-values-cache.js';
import { searchCall } from '../../search/search-call.js';
import { spellingSuggestions, titleVocabulary, type Vocabulary } from './spelling-suggestions.js';

const MAX_SUGGESTIONS = 3;

const vocabularies = new WeakMap<FacetValues, Vocabulary>();

function vocabularyOf(values: FacetValues): Vocabulary {
  let vocabulary = vocabularies.get(values);
  if (!vocabulary) {
    vocabulary = titleVocabulary(values.titles);
    vocabularies.set(values, vocabulary);
  }
  return vocabulary;
}

/**
 * What would find something when a search finds nothing, counted in one multi-search: the search
 * itself, the search without each of its filters ('Utan Heltid: 12 jobb') and its text spelled as
 * the live ads' titles spell it ('Menade du kock?'). Each count is the total /api/jobs would give
 * that search (compileJobQuery and exactTotalOf). A search with hits gets no help.
 */
export async function zeroHitHelp(
  searchEngine: SearchEngine,
  indexUid: string,
  query: JobQuery,
  facetValues: FacetValues,
  signal?: AbortSignal,
): Promise<ZeroHitHelp> {
  const { page: _page, pageSize: _pageSize, ...search } = query;
  const filters = removableFiltersOf(search);
  const texts = search.text === undefined ? [] : spellingSuggestions(search.text, vocabularyOf(facetValues));
  const searches = [
    search,
    ...filters.map((name) => withoutFilter(search, name)),
    ...texts.map((text) => ({ ...search, text })),
  ];
  const { results } = await searchCall(() =>
    searchEngine.client.multiSearch(
      {
        queries: searches.map((variant) => compileJobCount(variant, indexUid)),
      },
      signal ? { signal } : undefined,
    ),
  );
  const totals = results.map((result) => exactTotalOf(result));
  const totalHits = totals[0] ?? 0;
  if (totalHits > 0) return { totalHits, suggestions: [], removableFilters: [] };
  const removableFilters = filters
    .map((name, i) => ({ name, label: removableFilterLabel(search, name), totalHits: totals[1 + i] ?? 0 }))
    .filter((filter) => filter.totalHits > 0);
  const suggestions = texts
    .map((text, i) => ({ text, totalHits: totals[1 + filters.length + i] ?? 0 }))
    .filter((suggestion) => suggestion.totalHits > 0)
    .slice(0, MAX_SUGGESTIONS);
  return { totalHits, suggestions, removableFilters };
}
