import { foldAscii } from './fold-ascii.js';
import type { JobQuery } from './job-query.js';
import { findKnown } from './known-name.js';
import { MAIN_CATEGORIES, type MainCategory } from './main-categories.js';

/** The filters a word of a search text can stand for. */
export type UnderstoodFilters = Partial<{
  mainCategory: MainCategory;
  city: string;
  extent: string;
  form: string;
}>;

/**
 * The rules for search texts typed the way Swedes type them ('lärarjobb malmö', 'jobb som kock i
 * malmö', 'deltid'). They are data (lexicon/data/query-understanding.json, which says what each
 * list means); the server reads them from there and serves them to the browser, so both
 * understand a text the same way without the browser carrying the taxonomy.
 */
export interface QueryRules {
  jobWords: string[];
  jobWordsBeforeRoleOrPlace: string[];
  jobCompoundEndings: string[];
  roleMarkers: string[];
  placePrepositions: string[];
  extentWords: Record<string, string>;
  stems: Record<string, string>;
  keptStems: string[];
  linkingEndings: string[];
  stemFilters: Record<string, UnderstoodFilters>;
  placesThatAreWords: string[];
}

/** What understanding a search text needs besides the rules. */
export interface QueryKnowledge {
  /** The places a text may name, with the index's spelling. */
  cities: readonly string[];
  rules: QueryRules;
  /** Texts that stay as typed however the rules read them: the titles of live ads ('Sommarjobb Malmö'). */
  keptTexts?: readonly string[];
}

/** How a typed text was understood: the text searched for and the filters the text gave. */
export interface QueryInterpretation extends UnderstoodFilters {
  /** The text as typed. */
  typed: string;
  /** The text searched for; absent when the whole text became filters. */
  text?: string;
}

/** The rules with folded keys, built once per rules object. */
interface FoldedRules {
  jobWords: Set<string>;
  contextualJobWords: Set<string>;
  endings: string[];
  roleMarkers: Set<string>;
  prepositions: Set<string>;
  extentWords: Map<string, string>;
  stems: Map<string, string>;
  keptStems: Set<string>;
  linkingEndings: string[];
  stemFilters: Map<string, UnderstoodFilters>;
  wordlikePlaces: Set<string>;
}

const foldedCache = new WeakMap<QueryRules, FoldedRules>();

const foldedMap = <T>(record: Record<string, T>) =>
  new Map(Object.entries(record).map(([key, value]) => [foldAscii(key), value]));

function foldRules(rules: QueryRules): FoldedRules {
  let folded = foldedCache.get(rules);
  if (!folded) {
    folded = {
      jobWords: new Set(rules.jobWords.map(foldAscii)),
      contextualJobWords: new Set(rules.jobWordsBeforeRoleOrPlace.map(foldAscii)),
      // Longest first: 'jobbet' before 'jobb'.
      endings: rules.jobCompoundEndings.map(foldAscii).sort((a, b) => b.length - a.length),
      roleMarkers: new Set(rules.roleMarkers.map(foldAscii)),
      prepositions: new Set(rules.placePrepositions.map(foldAscii)),
      extentWords: foldedMap(rules.extentWords),
      stems: foldedMap(rules.stems),
      keptStems: new Set(rules.keptStems.map(foldAscii)),
      linkingEndings: rules.linkingEndings.map(foldAscii),
      stemFilters: foldedMap(rules.stemFilters),
      wordlikePlaces: new Set(rules.placesThatAreWords.map(foldAscii)),
    };
    foldedCache.set(rules, folded);
  }
  return folded;
}

/** A place name is at most this many words ('Upplands Väsby', 'Stockholms län'). */
const LONGEST_PLACE = 3;
/** A '<stem>jobb' with a shorter unknown stem stays as typed ('abjobb' is nothing we know). */
const SHORTEST_UNKNOWN_STEM = 3;

/** One pass over the words of a text, keeping what it does not understand in order. */
class TextReading {
  readonly kept: string[] = [];
  readonly filters: UnderstoodFilters = {};
  changed = false;
  /** Whether the word kept last is a place preposition that a place may still take. */
  private prepositionKept = false;

  constructor(
    private readonly query: JobQuery,
    private readonly rules: FoldedRules,
  ) {}

  /** Sets a filter the text names, unless the search already filters on something else. */
  setFilter(filters: UnderstoodFilters): boolean {
    const entries = Object.entries(filters) as [keyof UnderstoodFilters, string][];
    const fits = entries.every(
      ([name, value]) => (this.query[name] ?? value) === value && (this.filters[name] ?? value) === value,
    );
    if (!fits) return false;
    Object.assign(this.filters, filters);
    this.changed = true;
    return true;
  }

  keep(word: string, isPreposition = false): void {
    this.kept.push(word);
    this.prepositionKept = isPreposition;
  }

  replace(word: string): void {
    this.keep(word);
    this.changed = true;
  }

  /** A place right after a kept preposition: the preposition goes with it ('i malmö'). */
  takePlace(city: string, wordlike: boolean): boolean {
    const afterPreposition = this.prepositionKept;
    if (wordlike && !afterPreposition) return false;
    if (!this.setFilter({ city })) return false;
    if (afterPreposition) this.kept.pop();
    this.prepositionKept = false;
    return true;
  }

  drop(): void {
    this.prepositionKept = false;
    this.changed = true;
  }
}

/** findKnown's rule (same letters, else the one name equal without å/ä/ö) as two lookups. */
class PlaceLookup {
  private readonly byLower = new Map<string, string>();
  private readonly byFolded = new Map<string, string[]>();

  constructor(cities: readonly string[]) {
    for (const city of cities) {
      const lower = city.toLocaleLowerCase('sv');
      if (!this.byLower.has(lower)) this.byLower.set(lower, city);
      const folded = foldAscii(city);
      this.byFolded.set(folded, [...(this.byFolded.get(folded) ?? []), city]);
    }
  }

  find(text: string): string | null {
    const exact = this.byLower.get(text.toLocaleLowerCase('sv'));
    if (exact !== undefined) return exact;
    const candidates = this.byFolded.get(foldAscii(text)) ?? [];
    return candidates.length === 1 ? candidates[0]! : null;
  }
}

/**
 * What is built from a list of names (a place lookup, a set of folded texts), kept by the list's
 * content: callers hand over a fresh copy of the same list with every search (the server maps it
 * from its facet values, a page's render from its answers), and building one anew — every place
 * name lower-cased by Swedish rules and folded — cost more than the rest of understanding a text.
 */
function builtFromNames<T>(cache: Map<string, T>, names: readonly string[], build: () => T): T {
  const key = names.join('\n');
  let built = cache.get(key);
  if (built === undefined) {
    built = build();
    // A few lists at most are in use at once (the place list, before and after an import).
    if (cache.size >= 4) cache.delete(cache.keys().next().value!);
    cache.set(key, built);
  }
  return built;
}

const placeLookups = new Map<string, PlaceLookup>();
const placeLookup = (cities: readonly string[]): PlaceLookup =>
  builtFromNames(placeLookups, cities, () => new PlaceLookup(cities));

const foldedKeptTexts = new Map<string, Set<string>>();
const keptTextSet = (texts: readonly string[]): Set<string> =>
  builtFromNames(foldedKeptTexts, texts, () => new Set(texts.map(foldAscii)));

function placeAt(words: readonly string[], at: number, places: PlaceLookup) {
  for (let length = Math.min(LONGEST_PLACE, words.length - at); length >= 1; length -= 1) {
    const city = places.find(words.slice(at, at + length).join(' '));
    if (city !== null) return { city, length };
  }
  return null;
}

/** The job a '<stem>jobb' compound means: a word, filters, or null when it stays as typed. */
function readJobCompound(
  word: string,
  rules: FoldedRules,
): { word: string } | { filters: UnderstoodFilters } | null {
  const folded = foldAscii(word);
  const ending = rules.endings.find((end) => folded.endsWith(end) && folded.length > end.length);
  if (ending === undefined) return null;
  // Folding keeps the length of Swedish words, so the typed stem is the same slice.
  const typedStem = word.slice(0, word.length - ending.length).replace(/-$/, '');
  const stem = foldAscii(typedStem);
  if (stem === '' || rules.keptStems.has(stem)) return null;
  const filters = rules.stemFilters.get(stem);
  if (filters) return { filters };
  const known = rules.stems.get(stem);
  if (known !== undefined) return { word: known };
  if (stem.length < SHORTEST_UNKNOWN_STEM || !/^\p{L}+$/u.test(stem)) return null;
  const linked = rules.linkingEndings.some((end) => stem.endsWith(end));
  return { word: linked ? typedStem.slice(0, -1) : typedStem };
}

function readWords(typed: string, query: JobQuery, knowledge: QueryKnowledge) {
  const rules = foldRules(knowledge.rules);
  const cities = placeLookup(knowledge.cities);
  const words = typed.split(' ');
  const reading = new TextReading(query, rules);
  for (let at = 0; at < words.length;) {
    const word = words[at]!;
    const folded = foldAscii(word);
    const place = placeAt(words, at, cities);
    if (place && reading.takePlace(place.city, rules.wordlikePlaces.has(foldAscii(place.city)))) {
      at += place.length;
      continue;
    }
    at += 1;
    const extent = rules.extentWords.get(folded);
    if (extent !== undefined && reading.setFilter({ extent })) continue;
    const beforeRole = rules.roleMarkers.has(foldAscii(words[at] ?? ''));
    const beforePlace =
      rules.prepositions.has(foldAscii(words[at] ?? '')) && placeAt(words, at + 1, cities) !== null;
    if (rules.jobWords.has(folded) || (rules.contextualJobWords.has(folded) && (beforeRole || beforePlace))) {
      reading.drop();
      // 'jobb som kock': the marker only says that a job title follows.
      if (beforeRole) at += 1;
      continue;
    }
    const compound = readJobCompound(word, rules);
    if (compound && 'word' in compound) reading.replace(compound.word);
    else if (compound && reading.setFilter(compound.filters)) {
      reading.drop();
      // 'deltidsjobb som barnskötare': as after 'jobb', the marker only says a job title follows.
      if (beforeRole) at += 1;
    } else reading.keep(word, rules.prepositions.has(folded));
  }
  return reading;
}

/**
 * How a search text is understood: its job words ('jobb', 'lärarjobb', 'jobb som'), its place
 * ('i malmö', 'stockholm'), its extent ('deltid') and a main category it names ('it-jobb', 'vård')
 * become the search's text and filters; every other word stays in the text, in order. Null when
 * the text is understood as it is typed, or when understanding would leave nothing to search.
 * A filter the search already sets to something else keeps its word in the text.
 */
export function understandText(
  typed: string,
  query: JobQuery,
  knowledge: QueryKnowledge,
): QueryInterpretation | null {
  const foldedTyped = foldAscii(typed);
  if (knowledge.keptTexts && keptTextSet(knowledge.keptTexts).has(foldedTyped)) return null;
  const reading = readWords(typed, query, knowledge);
  let text: string | undefined = reading.kept.join(' ') || undefined;
  const category = text === undefined ? null : findKnown(text, MAIN_CATEGORIES);
  if (category !== null && reading.setFilter({ mainCategory: category })) text = undefined;
  if (!reading.changed) return null;
  // 'jobb i' or 'jobb som': the job word alone was understood, the rest means nothing without it.
  const rules = foldRules(knowledge.rules);
  const glue = (word: string) =>
    rules.prepositions.has(foldAscii(word)) || rules.roleMarkers.has(foldAscii(word));
  if (reading.kept.length > 0 && reading.kept.every(glue)) return null;
  if (text === undefined && Object.keys(reading.filters).length === 0) return null;
  return { typed, ...(text === undefined ? {} : { text }), ...reading.filters };
}
