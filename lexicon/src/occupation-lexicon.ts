import {
  foldAscii,
  MIN_MODIFIER_LENGTH,
  occupationKeysOfWord,
  readOccupationWords,
  type OccupationLexicon,
} from '@jobbportalen/contracts';
import { lazy, readDataFile } from './data-file.js';
import { occupationNames, skills } from './taxonomy/lists.js';
import { occupationSynonyms } from './text/synonyms.js';
import { curatedWords, vocabulary } from './text/vocabulary.js';

interface CuratedOccupationWords {
  notOccupations: string[];
  extraWords: string[];
  wholeWords: string[];
  extraPhrases: string[];
  includes: Record<string, string[]>;
  notMisspellings: string[];
}

const curated = lazy(() => readDataFile<CuratedOccupationWords>('occupation-words.json'));

/**
 * Words the taxonomy only writes cut before a hyphen ('Lager- och terminalpersonal'): a field or a
 * material the name shares with the next word, not an occupation of its own.
 */
function truncatedWords(): Set<string> {
  const truncated = new Set<string>();
  for (const { label } of occupationNames()) {
    for (const match of label.toLocaleLowerCase('sv').matchAll(/(\p{L}+)-(?=\s|,|$)/gu))
      truncated.add(match[1]!);
  }
  return truncated;
}

/** One occupation word's folded form without hyphens ('hr-chef' → 'hrchef'), as ads' keys hold it. */
const keyForm = (word: string) => foldAscii(word).replaceAll('-', '');

function occupationWords(): string[] {
  const excluded = new Set([...curated().notOccupations, ...truncatedWords()]);
  const words = new Set<string>();
  for (const word of vocabulary().occupationWords) if (!excluded.has(word)) words.add(keyForm(word));
  for (const word of curatedWords().heads) if (!excluded.has(word)) words.add(keyForm(word));
  for (const word of curated().extraWords) words.add(keyForm(word));
  return [...words].sort();
}

/** The longest occupation phrase: 'key account manager', 'lärare i grundskolan'. */
const MAX_PHRASE_WORDS = 4;

/** A phrase's words as ads' keys hold them: folded, commas dropped ('Ämneslärare, gymnasieskolan'). */
const phraseWordsOf = (text: string) =>
  foldAscii(text)
    .split(/[\s,]+/u)
    .filter((word) => word !== '');

/**
 * Occupations the taxonomy names in several words that begin with something other than the
 * occupation ('Personlig assistent', 'Key account manager', 'Lärare i grundskolan', 'Ämneslärare,
 * gymnasieskolan'): read as one occupation, so 'personlig' is not searched everywhere beside it.
 */
function occupationPhrases(words: ReadonlySet<string>): string[] {
  const phraseOf = (text: string): string | null => {
    const phraseWords = phraseWordsOf(text);
    const isPhrase =
      phraseWords.length >= 2 &&
      phraseWords.length <= MAX_PHRASE_WORDS &&
      phraseWords.every((word) => /^[\p{L}\d-]+$/u.test(word)) &&
      phraseWords.some((word) => words.has(word.replaceAll('-', '')));
    return isPhrase ? phraseWords.join(' ') : null;
  };
  // A phrase that begins with its occupation ('sjuksköterska grundutbildad') adds nothing the word
  // alone does not find; we name the few that do ('lärare i grundskolan', for 'grundskollärare').
  const beginsWithOccupation = (phrase: string) => words.has(phrase.split(' ')[0]!.replaceAll('-', ''));
  const phrases = new Set<string>();
  for (const { label } of occupationNames()) {
    for (const alternative of label.split('/')) {
      for (const text of [alternative.split(',')[0] ?? '', alternative]) {
        const phrase = phraseOf(text);
        if (phrase !== null && !beginsWithOccupation(phrase)) phrases.add(phrase);
      }
    }
  }
  for (const text of curated().extraPhrases) {
    const phrase = phraseOf(text);
    if (phrase !== null) phrases.add(phrase);
  }
  return [...phrases].sort();
}

/** Synonyms both ways (occupationSynonyms, also Meilisearch's) and the curated one-way includes. */
function alsoMeans(lexicon: Omit<OccupationLexicon, 'alsoMeans'>): Record<string, string[]> {
  const withoutMeanings: OccupationLexicon = { ...lexicon, alsoMeans: {} };
  // What an ad's keys hold for a word: its first key ('ce-chaufför' → 'cechauffor').
  const keyOf = (word: string) =>
    word.includes(' ') ? phraseWordsOf(word).join(' ') : occupationKeysOfWord(word, withoutMeanings)[0];
  const meanings = new Map<string, Set<string>>();
  const add = (word: string, others: readonly string[]) => {
    const key = keyOf(word);
    if (key === undefined) return;
    const set = meanings.get(key) ?? new Set<string>();
    for (const other of others) {
      const otherKey = keyOf(other);
      if (otherKey !== undefined && otherKey !== key) set.add(otherKey);
    }
    meanings.set(key, set);
  };
  for (const [word, synonyms] of Object.entries(occupationSynonyms())) add(word, synonyms);
  for (const [word, included] of Object.entries(curated().includes)) add(word, included);
  return Object.fromEntries(
    [...meanings]
      .filter(([, others]) => others.size > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, others]) => [key, [...others].sort()]),
  );
}

/**
 * The skills, the other words of the taxonomy's names and our curated modifiers that a search would
 * read as a misspelt occupation ('ekonomi' is one letter from 'ekonom'): they belong in
 * occupation-words.json's notMisspellings. Kept there rather than computed at every start, which
 * takes seconds; a test checks the list is complete.
 */
export function wordsNearOccupations(): string[] {
  const { words, shortModifiers } = occupationLexicon();
  const readAsIs: OccupationLexicon = {
    words,
    shortModifiers,
    notMisspellings: [],
    alsoMeans: {},
    wholeWords: [],
    phrases: [],
  };
  const candidates = [
    ...skills().map((skill) => skill.label),
    ...vocabulary().words,
    ...curatedWords().modifiers,
  ].map(keyForm);
  return [...new Set(candidates)]
    .filter(
      (word) =>
        /^\p{L}+$/u.test(word) &&
        occupationKeysOfWord(word, readAsIs).length === 0 &&
        readOccupationWords(word, readAsIs).occupations.length > 0,
    )
    .sort();
}

/**
 * The occupation lexicon (contracts' OccupationLexicon): the taxonomy's occupation nouns without
 * the fields and materials its names also yield, our curated additions, synonyms and everyday
 * titles, and the words one letter from an occupation that must stay as typed ('ekonomi').
 */
export const occupationLexicon = lazy((): OccupationLexicon => {
  const words = occupationWords();
  const shortModifiers = curatedWords()
    .modifiers.filter((modifier) => modifier.length < MIN_MODIFIER_LENGTH)
    .map(keyForm);
  const notMisspellings = [...new Set(curated().notMisspellings.map(keyForm))].sort();
  const wholeWords = curated().wholeWords.map(keyForm).sort();
  const phrases = occupationPhrases(new Set(words));
  const base = { words, shortModifiers, notMisspellings, wholeWords, phrases };
  return { ...base, alsoMeans: alsoMeans(base) };
});
