import { lazy, readDataFile } from '../data-file.js';
import { occupationNames, skills } from '../taxonomy/lists.js';
import { tokenize } from './tokenize.js';

interface CuratedWords {
  modifiers: string[];
  heads: string[];
  neverSplit: string[];
  notWords: string[];
  irregularPlurals: Record<string, string[]>;
}

export const curatedWords = lazy(() => readDataFile<CuratedWords>('swedish-words.json'));

// Taxonomy words shorter than this are too often fragments or abbreviations ('ab', 'fem', 'are')
// that would cut real words apart; the curated list adds the short words we trust.
const MIN_TAXONOMY_WORD_LENGTH = 4;

function labelWords(labels: Iterable<string>, notWords: ReadonlySet<string>): Set<string> {
  const words = new Set<string>();
  for (const label of labels) {
    for (const token of tokenize(label)) {
      if (token.length >= MIN_TAXONOMY_WORD_LENGTH && /^\p{L}+$/u.test(token) && !notWords.has(token)) {
        words.add(token);
      }
    }
  }
  return words;
}

// Words that end the noun phrase of a title before its qualifier ('Lärare i gymnasiet').
const QUALIFIER_WORDS = new Set(['i', 'för', 'inom', 'à', 'på', 'med', 'av', 'vid', 'till', 'mot', 'och']);
// Adjectives (grundutbildad, personlig, medicinsk) qualify a title and activity nouns
// (återvinning) name a field: neither is an occupation.
const NOT_AN_OCCUPATION = /(ig|isk|ad|ade|iv|ell|ning)$/;

/**
 * The occupation noun of each name: the last word before any comma or qualifier in each
 * slash-separated alternative ('Sjuksköterska, grundutbildad' → 'sjuksköterska',
 * 'Systemutvecklare/Programmerare' → both).
 */
function occupationNouns(labels: Iterable<string>, notWords: ReadonlySet<string>): Set<string> {
  const nouns = new Set<string>();
  for (const label of labels) {
    for (const alternative of label.split('/')) {
      const core = tokenize(alternative.split(',')[0] ?? '');
      const qualifierAt = core.findIndex((token) => QUALIFIER_WORDS.has(token));
      const noun = (qualifierAt === -1 ? core : core.slice(0, qualifierAt)).at(-1);
      if (
        noun &&
        noun.length >= MIN_TAXONOMY_WORD_LENGTH &&
        /^\p{L}+$/u.test(noun) &&
        !NOT_AN_OCCUPATION.test(noun) &&
        !notWords.has(noun)
      ) {
        nouns.add(noun);
      }
    }
  }
  return nouns;
}

export interface Vocabulary {
  /** Every word a compound part may be. */
  words: ReadonlySet<string>;
  /** Nouns naming an occupation (from occupation names plus curated heads); they are singular. */
  occupationWords: ReadonlySet<string>;
  neverSplit: ReadonlySet<string>;
}

export const vocabulary = lazy((): Vocabulary => {
  const curated = curatedWords();
  const notWords = new Set(curated.notWords);
  const occupationLabels = occupationNames().map((name) => name.label);
  const occupationWords = occupationNouns(occupationLabels, notWords);
  for (const head of curated.heads) occupationWords.add(head);
  const words = labelWords([...occupationLabels, ...skills().map((skill) => skill.label)], notWords);
  for (const word of occupationWords) words.add(word);
  for (const modifier of curated.modifiers) words.add(modifier);
  return { words, occupationWords, neverSplit: new Set(curated.neverSplit) };
});

export const isKnownWord = (word: string): boolean => vocabulary().words.has(word);
