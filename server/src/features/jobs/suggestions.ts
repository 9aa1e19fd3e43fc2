import { foldAscii } from '@jobbportalen/contracts';

import type { FacetValueCount } from '../../search/facet-values-cache.js';

/** A value that may be suggested, with how many ads carry it. */
export type SuggestionSource = FacetValueCount;

/** How well a value matches: whole value, start of the value, start of a word, anywhere. */
function matchRank(folded: string, query: string): number {
  if (folded === query) return 0;
  if (folded.startsWith(query)) return 1;
  const at = folded.indexOf(query);
  if (at === -1) return -1;
  return /[\s\-/(,]/.test(folded[at - 1] ?? '') ? 2 : 3;
}

/**
 * Up to `max` suggestions whose text contains the query, ignoring case (and å/ä/ö, so 'goteborg'
 * suggests 'Göteborg'). Sources are given in the order the spec lists them (locations, categories,
 * titles); a better match wins over the order, and each text appears once.
 */
export function pickSuggestions(query: string, sources: SuggestionSource[][], max: number): string[] {
  const wanted = foldAscii(query.trim());
  if (!wanted) return [];
  const scored: { value: string; rank: number; source: number; count: number }[] = [];
  sources.forEach((list, source) => {
    for (const { value, count } of list) {
      const rank = matchRank(foldAscii(value), wanted);
      if (rank >= 0) scored.push({ value, rank, source, count });
    }
  });
  scored.sort((a, b) => a.rank - b.rank || a.source - b.source || b.count - a.count);
  const seen = new Set<string>();
  const picked: string[] = [];
  for (const { value } of scored) {
    const key = value.toLocaleLowerCase('sv');
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(value);
    if (picked.length === max) break;
  }
  return picked;
}
