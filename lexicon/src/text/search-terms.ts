import { analyzeCompound, type CompoundPart } from './compound.js';
import { foldAscii } from './fold.js';
import { pluralForms, singularForm } from './inflection.js';
import { isStopWord } from './stop-words.js';
import { tokenize } from './tokenize.js';
import { vocabulary } from './vocabulary.js';

export interface SearchTermsInput {
  title: string;
  occupation?: string | null;
  occupationGroup?: string | null;
}

// 'Bygg- och anläggningsarbetare' means 'byggarbetare och anläggningsarbetare': give the cut
// word the head of the compound that completes it, so it is split and inflected like any other.
const TRUNCATED_COMPOUND = /([\p{L}]+)-(?=(?:\s*,\s*[\p{L}]+-)*\s*(?:,|och|eller|samt)\s+([\p{L}]+))/gu;

function completeTruncatedCompounds(text: string): string {
  return text.replace(TRUNCATED_COMPOUND, (whole, cut: string, completing: string) => {
    const parts = analyzeCompound(completing);
    const head = parts.length > 1 ? parts.at(-1)?.surface : undefined;
    return head ? `${cut}${head}` : whole;
  });
}

const isOccupationWord = (word: string) => vocabulary().occupationWords.has(word);

/** The word with its head in singular and plural: 'sjuksköterskor' → sjuksköterska, sjuksköterskor. */
function inflections(prefix: string, head: string): string[] {
  const singular = singularForm(head) ?? head;
  if (!isOccupationWord(singular)) return [];
  return [singular, ...pluralForms(singular)].map((form) => `${prefix}${form}`);
}

// A compound whose modifier the vocabulary lacks ('reklamationshandläggare', 'databasutvecklare')
// still ends in an occupation word we know. Both parts must be long: 'bokförare', 'medarbetare'
// and 'hovmästare' are no drivers, workers or masters.
const MIN_UNKNOWN_MODIFIER_LENGTH = 4;
const MIN_KNOWN_HEAD_LENGTH = 6;

function occupationHeadOf(word: string): CompoundPart[] | null {
  for (let at = MIN_UNKNOWN_MODIFIER_LENGTH; at <= word.length - MIN_KNOWN_HEAD_LENGTH; at++) {
    const head = word.slice(at);
    const lemma = isOccupationWord(head) ? head : singularForm(head);
    if (lemma && isOccupationWord(lemma)) {
      return [
        { surface: word.slice(0, at), lemma: word.slice(0, at) },
        { surface: head, lemma },
      ];
    }
  }
  return null;
}

function compoundParts(word: string): CompoundPart[] {
  const parts = analyzeCompound(word);
  if (parts.length > 1 || word.includes('-')) return parts;
  return occupationHeadOf(word) ?? parts;
}

function addWord(word: string, withModifiers: boolean, terms: Set<string>): void {
  const parts = compoundParts(word);
  const head = parts.at(-1);
  if (!head) return;
  const prefix = parts
    .slice(0, -1)
    .map((part) => part.surface)
    .join('');
  for (const form of inflections(prefix, head.lemma)) terms.add(form);
  if (parts.length === 1) return;
  if (withModifiers) terms.add(word);
  for (const form of inflections('', head.lemma)) terms.add(form);
  // A head can itself be a compound: 'ambulanssjuksköterska' should also answer 'sköterska'.
  addWord(head.lemma, withModifiers, terms);
  if (!withModifiers) return;
  for (const modifier of parts.slice(0, -1)) {
    terms.add(modifier.lemma);
    for (const inner of analyzeCompound(modifier.lemma)) terms.add(inner.lemma);
  }
}

// Titles repeat their words far more often than whole titles repeat: tens of thousands of ads are
// made of a few thousand distinct words, and analysing a word (compound parts, inflections) was
// most of the cost of an ad's terms. What a word adds depends on the word alone, so it is kept.
const WORD_TERMS_CACHE_LIMIT = 20_000;
const wordTermsCache = new Map<string, readonly string[]>();

/** The terms addWord gives one word, in the order it adds them. */
function wordTerms(word: string, withModifiers: boolean): readonly string[] {
  // The two modes add different terms; no word starts with '+' or '-' (see tokenize).
  const key = `${withModifiers ? '+' : '-'}${word}`;
  let terms = wordTermsCache.get(key);
  if (!terms) {
    const added = new Set<string>();
    addWord(word, withModifiers, added);
    terms = [...added];
    if (wordTermsCache.size >= WORD_TERMS_CACHE_LIMIT) wordTermsCache.clear();
    wordTermsCache.set(key, terms);
  }
  return terms;
}

function contentWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return tokenize(completeTruncatedCompounds(text)).filter((word) => !isStopWord(word));
}

/**
 * Index-time search terms for an ad, for a search engine that neither stems nor splits Swedish
 * compounds: compound parts and heads of title and occupation, singular and plural forms of
 * occupation words, and ASCII-folded copies. The occupation group contributes only its occupation
 * words, not their modifiers: its label is broad ('Undersköterskor, hemtjänst, äldreboende m.fl.').
 */
export function searchTerms(input: SearchTermsInput): string[] {
  const terms = new Set<string>();
  for (const word of [...contentWords(input.title), ...contentWords(input.occupation)]) {
    for (const term of wordTerms(word, true)) terms.add(term);
  }
  for (const word of contentWords(input.occupationGroup)) {
    for (const term of wordTerms(word, false)) terms.add(term);
  }
  const result = new Set<string>();
  for (const term of terms) {
    if (term.length < 2 || isStopWord(term)) continue;
    result.add(term);
    result.add(foldAscii(term));
  }
  return [...result];
}
