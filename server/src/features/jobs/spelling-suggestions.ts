import { foldAscii } from '@jobbportalen/contracts';
import type { FacetValueCount } from '../../search/facet-values-cache.js';

/** Known words and how many live ads' titles carry each, by folded spelling. */
export type Vocabulary = ReadonlyMap<string, { word: string; count: number }>;

/** Words shorter than this are too easily one edit from something else to suggest. */
const SHORTEST_WORD = 3;
/** Alternatives offered for a one-word text. */
const ALTERNATIVES = 3;

const WORDS = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** The words of the live ads' titles ('Sjuksköterska', 'IT-tekniker'), lower-cased as typed. */
export function titleVocabulary(titles: readonly FacetValueCount[]): Vocabulary {
  const vocabulary = new Map<string, { word: string; count: number }>();
  for (const { value, count } of titles) {
    for (const [match] of value.matchAll(WORDS)) {
      const word = match.toLocaleLowerCase('sv');
      if (word.length < SHORTEST_WORD || /\d/.test(word)) continue;
      const folded = foldAscii(word);
      const known = vocabulary.get(folded);
      if (known) known.count += count;
      else vocabulary.set(folded, { word, count });
    }
  }
  return vocabulary;
}

/** Optimal string alignment distance (a swap of two neighbours is one edit), or Infinity beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return Infinity;
    before = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance > max ? Infinity : distance;
}

/** The edits a word may be away from a suggestion: more for longer words, as typos go. */
const allowedEdits = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

/** The known words closest to a word, nearest and then most common first. */
function closestWords(word: string, vocabulary: Vocabulary, limit: number): string[] {
  const folded = foldAscii(word);
  const max = allowedEdits(folded.length);
  const found: { word: string; distance: number; count: number }[] = [];
  for (const [knownFolded, known] of vocabulary) {
    const distance = editDistance(folded, knownFolded, max);
    if (distance > 0 && distance !== Infinity) found.push({ word: known.word, distance, count: known.count });
  }
  found.sort((a, b) => a.distance - b.distance || b.count - a.count);
  return found.slice(0, limit).map((candidate) => candidate.word);
}

/**
 * Texts the seeker may have meant ('Menade du …?'): each word that no title has replaced by the
 * closest title word, and for a one-word text the few closest words. Words the titles know stay.
 * Whether a suggestion finds anything is for the caller to check.
 */
export function spellingSuggestions(text: string, vocabulary: Vocabulary): string[] {
  const words = text.split(' ');
  const unknown = (word: string) => word.length >= SHORTEST_WORD && !vocabulary.has(foldAscii(word));
  if (!words.some(unknown)) return [];
  if (words.length === 1) return closestWords(words[0]!, vocabulary, ALTERNATIVES);
  const corrected = words.map((word) =>
    unknown(word) ? (closestWords(word, vocabulary, 1)[0] ?? word) : word,
  );
  const suggestion = corrected.join(' ');
  return suggestion === text ? [] : [suggestion];
}
