import { lazy, readDataFile } from '../data-file.js';
import { occupationNames } from '../taxonomy/lists.js';
import { analyzeCompound } from './compound.js';
import { tokenize } from './tokenize.js';

interface CuratedSynonyms {
  groups: string[][];
  excludedTaxonomyPairs: string[][];
}

/** The alternative a taxonomy name offers as one lower-case word, or null ('Busschaufför'). */
function singleWordAlternative(alternative: string): string | null {
  const trimmed = alternative.trim();
  // Acronyms ('AM', 'CDO') are ambiguous as search words.
  if (/^[\p{Lu}\d]+$/u.test(trimmed)) return null;
  const tokens = tokenize(trimmed);
  const word = tokens[0];
  return tokens.length === 1 && word && word.length >= 4 && /^\p{L}+$/u.test(word) ? word : null;
}

/**
 * Two spellings of one occupation share a compound part ('Bussförare/Busschaufför',
 * 'Mobilutvecklare/Apputvecklare'); taxonomy names that pair two different trades
 * ('Bagare/Konditor', 'Behandlingsassistent/Socialpedagog') share none and are left out.
 */
function sharePart(first: string, second: string): boolean {
  const parts = new Set(analyzeCompound(first).map((part) => part.lemma));
  const otherParts = analyzeCompound(second).map((part) => part.lemma);
  return (parts.size > 1 || otherParts.length > 1) && otherParts.some((part) => parts.has(part));
}

function taxonomyGroups(excludedPairs: string[][]): string[][] {
  const excluded = new Set(excludedPairs.map((pair) => [...pair].sort().join('|')));
  const isExcluded = (first: string, second: string) => excluded.has([first, second].sort().join('|'));
  const groups: string[][] = [];
  for (const name of occupationNames()) {
    if (!name.label.includes('/') || name.label.includes(',')) continue;
    const words = name.label.split('/').map(singleWordAlternative);
    if (words.some((word) => word === null)) continue;
    const [first, ...others] = words as string[];
    if (
      first &&
      others.length > 0 &&
      others.every((other) => other !== first && sharePart(first, other) && !isExcluded(first, other))
    ) {
      groups.push([first, ...others]);
    }
  }
  return groups;
}

const synonymMap = lazy(() => {
  const curated = readDataFile<CuratedSynonyms>('occupation-synonyms.json');
  const map = new Map<string, Set<string>>();
  for (const group of [...curated.groups, ...taxonomyGroups(curated.excludedTaxonomyPairs)]) {
    for (const word of group) {
      const others = map.get(word) ?? new Set<string>();
      for (const other of group) if (other !== word) others.add(other);
      map.set(word, others);
    }
  }
  return Object.fromEntries(
    [...map].sort(([a], [b]) => a.localeCompare(b, 'sv')).map(([w, s]) => [w, [...s]]),
  );
});

/**
 * The Meilisearch `synonyms` setting: each word maps to the words that mean the same job, from a
 * curated list and the taxonomy's alternative names. Mutual: every member lists all others.
 */
export function occupationSynonyms(): Record<string, string[]> {
  return structuredClone(synonymMap());
}
