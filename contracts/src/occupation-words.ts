import { remembered } from './bounded-memo.js';
import { quoteFilterValue } from './filter-value.js';
import { foldAscii } from './fold-ascii.js';

/**
 * The occupation words a search understands: the lexicon builds it from the taxonomy's occupation
 * names and our curated lists (lexicon's occupationLexicon), the indexer reads ads with it, the
 * server serves it to the browser (/api/jobs/occupation-words). Every word is folded (foldAscii):
 * 'sjuksköterska' and 'sjukskoterska' are one word to a search.
 */
export interface OccupationLexicon {
  /** Occupation nouns in the singular ('sjukskoterska', 'utvecklare', 'chauffor'). */
  words: readonly string[];
  /**
   * Modifiers shorter than MIN_MODIFIER_LENGTH that still begin a compound ('it', 'el', 'app'):
   * 'apputvecklare' is an 'utvecklare', while 'bokförare' and 'medarbetare' are no drivers or workers.
   */
  shortModifiers: readonly string[];
  /**
   * What an occupation word also means: its synonyms and the everyday titles of the same work
   * ('lastbilschauffor' → 'lastbilsforare', 'cechauffor', …). One direction: a word lists what it
   * includes.
   */
  alsoMeans: Readonly<Record<string, readonly string[]>>;
  /** Words a misspelling is never read as, though one letter from an occupation ('utvecklade'). */
  notMisspellings: readonly string[];
  /**
   * Occupation words that are not their last part's occupation ('marknadsforare' is no driver,
   * 'tandlakare' no physician): never split into modifier and head.
   */
  wholeWords: readonly string[];
  /**
   * Occupations named in several words ('personlig assistent', 'larare i grundskolan'), folded,
   * words separated by one space: searched and read as one occupation.
   */
  phrases: readonly string[];
}

/** A compound's first part is at least this long, unless it is a known short modifier. */
export const MIN_MODIFIER_LENGTH = 4;
/** A compound's last part (the occupation it names) is at least this long: 'chef', 'kock'. */
const MIN_HEAD_LENGTH = 4;
/** Shorter words are never read as a misspelt occupation: one letter changes too much. */
const MIN_MISSPELT_LENGTH = 5;

/** A word's endings that an inflected occupation noun loses, and what its singular ends with. */
const INFLECTIONS: readonly (readonly [ending: string, singularEnding: string])[] = [
  ['orna', 'a'], // sjuksköterskorna
  ['or', 'a'], // sjuksköterskor
  ['an', 'a'], // sjuksköterskan
  ['arna', 'are'], // lärarna
  ['aren', 'are'], // läraren
  ['arna', ''], // kockarna
  ['ar', ''], // kockar
  ['erna', ''], // ingenjörerna
  ['erna', 'er'], // teknikerna
  ['er', ''], // ingenjörer, chefer
  ['en', ''], // chefen
  ['en', 'e'], // biträden
  ['n', ''], // läkaren, biträden
  ['r', ''], // guider, arkivarier
  ['män', 'man'], // sjömän
  ['männen', 'man'],
  ['s', ''], // managers, developers
];

/** The lexicon as sets, built once per lexicon object. */
interface Prepared {
  words: ReadonlySet<string>;
  shortModifiers: ReadonlySet<string>;
  alsoMeans: ReadonlyMap<string, readonly string[]>;
  notMisspellings: ReadonlySet<string>;
  wholeWords: ReadonlySet<string>;
  /** The phrases by their first word. */
  phrasesByFirstWord: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The words by first letter and length: where a misspelling's word is looked for. */
  byStart: ReadonlyMap<string, readonly string[]>;
  keysOfWord: Map<string, readonly string[]>;
  /** Texts read so far (readOccupationWords), up to READINGS_KEPT of them. */
  readings: Map<string, OccupationReading>;
}

/**
 * A search's text is read several times for one page (its search, each filter count, 'Visa även …'),
 * and popular texts over and over: a reading is kept, and the texts kept are forgotten all at once
 * when there are this many (a bound, not a cache policy: most texts repeat within moments).
 */
const READINGS_KEPT = 2_000;

const preparedCache = new WeakMap<OccupationLexicon, Prepared>();

/**
 * Misspellings keep their first letter ('sjuksöterska', 'progamerare'): looking only among words
 * with the same first letter and a near length keeps reading a text fast.
 */
const startOf = (word: string, length: number) =>
  `${SAME_FIRST_LETTER[word[0] ?? ''] ?? word[0] ?? ''}${length}`;

/** First letters a misspelling swaps for one another: 'kontroller' is a 'controller'. */
const SAME_FIRST_LETTER: Readonly<Record<string, string>> = { c: 'k' };

function phrasesByFirstWord(phrases: readonly string[]): Map<string, string[][]> {
  const byFirst = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    byFirst.set(words[0]!, [...(byFirst.get(words[0]!) ?? []), words]);
  }
  // Longest first: 'key account manager' before 'account manager'.
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  return byFirst;
}

function prepare(lexicon: OccupationLexicon): Prepared {
  let prepared = preparedCache.get(lexicon);
  if (!prepared) {
    const byStart = new Map<string, string[]>();
    for (const word of lexicon.words) {
      const start = startOf(word, word.length);
      byStart.set(start, [...(byStart.get(start) ?? []), word]);
    }
    prepared = {
      words: new Set(lexicon.words),
      shortModifiers: new Set(lexicon.shortModifiers),
      alsoMeans: new Map(Object.entries(lexicon.alsoMeans)),
      notMisspellings: new Set(lexicon.notMisspellings),
      wholeWords: new Set(lexicon.wholeWords),
      phrasesByFirstWord: phrasesByFirstWord(lexicon.phrases),
      byStart,
      keysOfWord: new Map(),
      readings: new Map(),
    };
    preparedCache.set(lexicon, prepared);
  }
  return prepared;
}

/**
 * Each word of a text is compared two or three times (as a phrase's start, as a word of its own),
 * and ads repeat their words: folding (Unicode normalisation and two expressions) was most of
 * reading an ad's occupations, so a word's form is kept, and all are forgotten at this many.
 */
const WORD_FORMS_KEPT = 50_000;
const KEYS_OF_WORDS_KEPT = 50_000;
const KEPT_WORD_LENGTH = 60;
const wordForms = new Map<string, string>();
const foldWord = (word: string) => foldAscii(word).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}#+]+$/gu, '');

/**
 * A word as the lexicon compares it: folded, without the punctuation around it ('Sjuksköterska!'
 * → 'sjukskoterska'; '.NET-utvecklare' → 'net-utvecklare'); '#' and '+' stay inside ('c#-utvecklare').
 */
export function occupationWordForm(word: string): string {
  // A long "word" (an address, a run of symbols) names no occupation and rarely repeats.
  return word.length > KEPT_WORD_LENGTH
    ? foldWord(word)
    : remembered(wordForms, word, WORD_FORMS_KEPT, foldWord);
}

/** The singular occupation noun a (possibly inflected) word is, or null. */
function singularOf(word: string, lexicon: Prepared): string | null {
  if (lexicon.words.has(word)) return word;
  for (const [ending, singularEnding] of INFLECTIONS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    const candidate = `${word.slice(0, -ending.length)}${singularEnding}`;
    if (lexicon.words.has(candidate)) return candidate;
  }
  return null;
}

const mayBeginCompound = (modifier: string, lexicon: Prepared) =>
  modifier.length >= MIN_MODIFIER_LENGTH || lexicon.shortModifiers.has(modifier);

/**
 * The occupation a compound ends with: its longest last part that is an occupation word, with the
 * modifier before it ('javautvecklare' → 'java' + 'utvecklare'); null when none.
 */
function headOf(word: string, lexicon: Prepared): { modifier: string; head: string } | null {
  for (let at = 1; at <= word.length - MIN_HEAD_LENGTH; at++) {
    const modifier = word.slice(0, at);
    if (!mayBeginCompound(modifier, lexicon)) continue;
    const head = singularOf(word.slice(at), lexicon);
    if (head !== null) return { modifier, head };
  }
  return null;
}

/** The occupations a singular occupation word names: itself and the words it ends with. */
function withHeads(word: string, lexicon: Prepared): string[] {
  const keys = [word];
  if (lexicon.wholeWords.has(word)) return keys;
  for (let compound = headOf(word, lexicon); compound; compound = headOf(compound.head, lexicon)) {
    keys.push(compound.head);
    if (lexicon.wholeWords.has(compound.head)) break;
  }
  return keys;
}

/**
 * The occupations one word names, most specific first: 'Sjuksköterskor' → ['sjukskoterska',
 * 'skoterska']; 'React-utvecklare' → ['reactutvecklare', 'utvecklare']; 'lära' → []. A compound
 * counts by its identity and the heads it ends with, never by a word it merely contains:
 * 'undersköterska' is no 'sjuksköterska', 'ekonomiassistent' no 'ekonom', 'bokförare' no 'förare'.
 */
export function occupationKeysOfWord(word: string, lexicon: OccupationLexicon): readonly string[] {
  const prepared = prepare(lexicon);
  const form = occupationWordForm(word);
  // Ads repeat their words far more than they add new ones; the map stays small.
  return remembered(prepared.keysOfWord, form, KEYS_OF_WORDS_KEPT, () => readKeys(form, prepared));
}

function readKeys(form: string, lexicon: Prepared): string[] {
  if (form.length < 2) return [];
  const parts = form.split('-').filter((part) => part !== '');
  const joined = parts.join('');
  const whole = singularOf(joined, lexicon);
  if (whole !== null) return withHeads(whole, lexicon);
  // 'CE-chaufför', 'IT-tekniker': the part after the last hyphen is the head, however short the rest.
  const last = parts.length > 1 ? singularOf(parts.at(-1)!, lexicon) : null;
  if (last !== null) return [`${parts.slice(0, -1).join('')}${last}`, ...withHeads(last, lexicon)];
  const compound = headOf(joined, lexicon);
  if (compound === null) return [];
  return [`${compound.modifier}${compound.head}`, ...withHeads(compound.head, lexicon)];
}

const WORD_SEPARATORS = /[\s,/()!?:;"”“'’–—&|[\]{}<>*=]+/u;

/**
 * Whether a word stands for a phrase's word: the same word, the same occupation ('assistenter' for
 * 'assistent'), or an adjective's plural ('personliga' for 'personlig').
 */
function standsFor(word: string, phraseWord: string, lexicon: OccupationLexicon, typed: boolean): boolean {
  const form = occupationWordForm(word);
  if (form === phraseWord || form === `${phraseWord}a`) return true;
  const key = typed ? occupationOfTypedWord(word, lexicon) : (occupationKeysOfWord(word, lexicon)[0] ?? null);
  return key === phraseWord;
}

/** The longest phrase starting at `at`, as its words, or null. */
function phraseAt(words: readonly string[], at: number, lexicon: OccupationLexicon, typed: boolean) {
  const first = occupationWordForm(words[at] ?? '');
  const byFirst = prepare(lexicon).phrasesByFirstWord;
  // 'personliga assistenter': an adjective's plural begins the phrase too.
  const candidates = byFirst.get(first) ?? byFirst.get(first.replace(/a$/, '')) ?? [];
  return (
    candidates.find((phrase) =>
      phrase.every((phraseWord, i) => i === 0 || standsFor(words[at + i] ?? '', phraseWord, lexicon, typed)),
    ) ?? null
  );
}

/** Every occupation the words of a text name (an ad's title, its occupation's name, its text). */
export function occupationKeysOfText(text: string | null | undefined, lexicon: OccupationLexicon): string[] {
  const keys = new Set<string>();
  const words = (text ?? '').split(WORD_SEPARATORS);
  for (const [at, word] of words.entries()) {
    const phrase = phraseAt(words, at, lexicon, false);
    if (phrase) keys.add(phrase.join(' '));
    for (const key of occupationKeysOfWord(word, lexicon)) keys.add(key);
  }
  return [...keys];
}

/** A misspelt word this long may be two letters from its occupation ('progamerare'), shorter only one. */
const MIN_TWICE_MISSPELT_LENGTH = 10;

/**
 * The edit distance of two words (letters added, removed, changed, or two neighbours swapped), or
 * `limit + 1` as soon as it must exceed `limit`.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const beyond = limit + 1;
  // Only cells within `limit` of the diagonal can stay within the limit (the rest count as beyond).
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= limit ? j : beyond));
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(beyond);
    if (i <= limit) current[0] = i;
    let rowBest = current[0]!;
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current[j] = Math.min(value, beyond);
      rowBest = Math.min(rowBest, current[j]!);
    }
    if (rowBest > limit) return beyond;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The occupation word a misspelt word was meant to be ('sjuksöterska', 'progamerare'), or null: it
 * must be the one word nearest to it, within one letter (two for long words).
 */
function misspeltOccupation(form: string, lexicon: Prepared): string | null {
  if (form.length < MIN_MISSPELT_LENGTH || !/^\p{L}+$/u.test(form) || lexicon.notMisspellings.has(form)) {
    return null;
  }
  const limit = form.length >= MIN_TWICE_MISSPELT_LENGTH ? 2 : 1;
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (let length = form.length - limit; length <= form.length + limit; length++) {
    for (const word of lexicon.byStart.get(startOf(form, length)) ?? []) {
      const distance = editDistance(form, word, Math.min(limit, bestDistance));
      if (distance < bestDistance) {
        best = [word];
        bestDistance = distance;
      } else if (distance === bestDistance && distance <= limit) best.push(word);
    }
  }
  // Two occupations as near ('lärere' could be lärare or läkare) leave the word as typed.
  return best.length === 1 ? best[0]! : null;
}

/** A word of a search text read as an occupation. */
export interface OccupationWord {
  /** The word as typed. */
  typed: string;
  /** The occupation it names ('sjukskoterska'); a misspelling's is the word it was meant to be. */
  key: string;
  /** The key and what it also means: the values an ad's occupationKeys may hold for it. */
  means: string[];
}

/** A search text with its occupation words apart from the rest. */
export interface OccupationReading {
  occupations: OccupationWord[];
  /** The other words in order (skills, employers, free text), or undefined when none are left. */
  rest?: string;
}

/** The occupation a typed word names, or null when it names none. */
function occupationOfTypedWord(typed: string, lexicon: OccupationLexicon): string | null {
  const prepared = prepare(lexicon);
  const key = occupationKeysOfWord(typed, lexicon)[0];
  if (key !== undefined && prepared.words.has(key)) return key;
  // A compound of a modifier we do not know ('trukförare', 'javautvecklare') may be a misspelt
  // occupation: the occupation wins, else it is the compound as typed.
  return misspeltOccupation(occupationWordForm(typed), prepared) ?? key ?? null;
}

/**
 * The occupation words of a search text ('sjuksköterska natt' → 'sjuksköterska', rest 'natt'): an
 * occupation word is searched among the ads' occupations (title and occupation), never in their
 * text, where 'utvecklare' would find 'utvecklas' and every ad that says "lärare" somewhere.
 */
export function readOccupationWords(text: string, lexicon: OccupationLexicon): OccupationReading {
  return remembered(prepare(lexicon).readings, text, READINGS_KEPT, () =>
    Object.freeze(readText(text, lexicon)),
  );
}

function readText(text: string, lexicon: OccupationLexicon): OccupationReading {
  const prepared = prepare(lexicon);
  const occupations: OccupationWord[] = [];
  const rest: string[] = [];
  const words = text.split(' ').filter((word) => word !== '');
  for (let at = 0; at < words.length; at++) {
    // An occupation of several words ('personlig assistent') is one occupation, not an adjective
    // searched everywhere beside 'assistent'.
    const phrase = phraseAt(words, at, lexicon, true);
    const typed = phrase ? words.slice(at, at + phrase.length).join(' ') : words[at]!;
    const key = phrase ? phrase.join(' ') : occupationOfTypedWord(typed, lexicon);
    if (phrase) at += phrase.length - 1;
    if (key === null) {
      rest.push(typed);
      continue;
    }
    if (occupations.some((occupation) => occupation.key === key)) continue;
    occupations.push({ typed, key, means: [key, ...(prepared.alsoMeans.get(key) ?? [])] });
  }
  return { occupations, ...(rest.length > 0 ? { rest: rest.join(' ') } : {}) };
}

/** The index attributes an occupation word is searched in (the ad's occupations, its text's). */
export const OCCUPATION_KEYS_ATTRIBUTE = 'occupationKeys';
export const MENTION_KEYS_ATTRIBUTE = 'mentionKeys';

/** A search text as Meilisearch runs it: the occupation words as filters, the rest as its q. */
export interface OccupationSearch {
  /** The words searched in the ads' fields (title, text, employer …); undefined when none are left. */
  q?: string;
  /** One condition per occupation word (all must hold). */
  filter: string[];
  occupations: OccupationWord[];
}

const filterList = (keys: readonly string[]) => `[${keys.map(quoteFilterValue).join(', ')}]`;

/**
 * The one meaning of a search text's occupation words, for /api/jobs, the browser, alerts and saved
 * searches: an occupation word ('utvecklare', 'sjuksköterskor', 'lastbilschaufför') finds the ads for
 * that occupation by their title and occupation, and with `alsoMentions` also the ads whose text
 * names it; the other words are the text Meilisearch searches everywhere. An exact search
 * ('Sök exakt på …') keeps its text as typed.
 */
export function occupationSearch(
  query: { text?: string | undefined; exact?: true | undefined; alsoMentions?: true | undefined },
  lexicon: OccupationLexicon,
): OccupationSearch {
  if (query.text === undefined || query.exact) {
    return { ...(query.text === undefined ? {} : { q: query.text }), filter: [], occupations: [] };
  }
  const reading = readOccupationWords(query.text, lexicon);
  const filter = reading.occupations.map(({ means }) => {
    const ofOccupation = `${OCCUPATION_KEYS_ATTRIBUTE} IN ${filterList(means)}`;
    return query.alsoMentions
      ? `(${ofOccupation} OR ${MENTION_KEYS_ATTRIBUTE} IN ${filterList(means)})`
      : ofOccupation;
  });
  return {
    ...(reading.rest === undefined ? {} : { q: reading.rest }),
    filter,
    occupations: reading.occupations,
  };
}
