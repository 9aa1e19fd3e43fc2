import { curatedWords, isKnownWord, vocabulary } from './vocabulary.js';
import { singularForm } from './inflection.js';

/** One part of a compound: as written, and the dictionary form a search should use. */
export interface CompoundPart {
  surface: string;
  lemma: string;
}

interface Segmentation {
  parts: CompoundPart[];
  /** How many parts needed a linking letter or a changed ending; fewer is more plausible. */
  linkCost: number;
}

const MIN_HEAD_LENGTH = 3;
const MIN_MODIFIER_LENGTH = 2;

const isCuratedHead = (word: string) => curatedWords().heads.includes(word);

function headLemma(surface: string): string | null {
  if (isKnownWord(surface) && (surface.length >= 4 || isCuratedHead(surface))) return surface;
  return singularForm(surface);
}

/**
 * The forms a non-final part can take. Swedish joins compound parts with a linking s
 * ('försäljningschef'), changes a final -a to -e, -o or -u or drops it ('förskolelärare',
 * 'hälsopedagog', 'skolsköterska'), and Latin -ium words take -ie ('gymnasielärare').
 * Taxonomy labels cut before a hyphen ('Affärs- och ...') make combining forms like 'affärs' or
 * 'hälso' look like words; the dictionary form wins when both are known.
 */
function modifierLemmas(surface: string): { lemma: string; cost: number }[] {
  const stem = surface.slice(0, -1);
  const last = surface.at(-1);
  const relinked: string[] = [];
  if (last === 's' && stem.length >= 3 && isKnownWord(stem)) relinked.push(stem);
  // 'arbetsledare', 'yrkesförare': the noun's final -e gives way to the linking s.
  if (last === 's' && stem.length >= 3 && isKnownWord(`${stem}e`)) relinked.push(`${stem}e`);
  if ((last === 'e' || last === 'o' || last === 'u') && stem.length >= 3 && isKnownWord(`${stem}a`)) {
    relinked.push(`${stem}a`);
  }
  if (isKnownWord(surface)) {
    return relinked.length > 0
      ? relinked.map((lemma) => ({ lemma, cost: 0 }))
      : [{ lemma: surface, cost: 0 }];
  }
  // Only for unknown surfaces: 'vård' must not turn into the verb 'vårda'.
  if (surface.length >= 3 && isKnownWord(`${surface}a`)) relinked.push(`${surface}a`);
  const found = relinked.map((lemma) => ({ lemma, cost: 1 }));
  if (surface.endsWith('ie') && isKnownWord(`${stem}um`)) found.push({ lemma: surface, cost: 1 });
  return found;
}

function isBetter(candidate: Segmentation, best: Segmentation | null): boolean {
  if (!best) return true;
  if (candidate.parts.length !== best.parts.length) return candidate.parts.length < best.parts.length;
  if (candidate.linkCost !== best.linkCost) return candidate.linkCost < best.linkCost;
  const headLength = (s: Segmentation) => s.parts.at(-1)?.surface.length ?? 0;
  return headLength(candidate) > headLength(best);
}

/** Best split of one hyphen-free word into at least two known parts, or null. */
function segment(word: string): Segmentation | null {
  const memo = new Map<number, Segmentation | null>();
  const bestFrom = (start: number): Segmentation | null => {
    if (memo.has(start)) return memo.get(start) ?? null;
    let best: Segmentation | null = null;
    const rest = word.slice(start);
    const wholeHead = start > 0 ? headLemma(rest) : null;
    if (wholeHead) best = { parts: [{ surface: rest, lemma: wholeHead }], linkCost: 0 };
    for (let end = start + MIN_MODIFIER_LENGTH; end <= word.length - MIN_HEAD_LENGTH; end++) {
      const surface = word.slice(start, end);
      const lemmas = modifierLemmas(surface);
      if (lemmas.length === 0) continue;
      const tail = bestFrom(end);
      if (!tail) continue;
      for (const { lemma, cost } of lemmas) {
        const candidate = { parts: [{ surface, lemma }, ...tail.parts], linkCost: tail.linkCost + cost };
        if (isBetter(candidate, best)) best = candidate;
      }
    }
    memo.set(start, best);
    return best;
  };
  return bestFrom(0);
}

const cache = new Map<string, CompoundPart[]>();
const CACHE_LIMIT = 50_000;

/**
 * Splits a word into compound parts with their dictionary forms. A word that is no compound we
 * can explain comes back as its only part. Hyphens split first ('it-tekniker').
 */
export function analyzeCompound(input: string): CompoundPart[] {
  const word = input.toLowerCase();
  const cached = cache.get(word);
  if (cached) return cached;
  let parts: CompoundPart[];
  if (word.includes('-')) {
    parts = word
      .split('-')
      .filter(Boolean)
      .flatMap((piece) => analyzeCompound(piece));
  } else if (vocabulary().neverSplit.has(word)) {
    parts = [{ surface: word, lemma: word }];
  } else {
    parts = segment(word)?.parts ?? [{ surface: word, lemma: word }];
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, parts);
  return parts;
}

/**
 * Compound parts of a Swedish word in dictionary form: 'javautvecklare' → ['java', 'utvecklare'],
 * 'försäljningschef' → ['försäljning', 'chef'], 'gymnasielärare' → ['gymnasie', 'lärare'],
 * 'sjuksköterskor' → ['sjuk', 'sköterska']; an unknown or simple word → [word].
 */
export function splitCompound(word: string): string[] {
  return analyzeCompound(word).map((part) => part.lemma);
}
