import type { JobSearchDocument } from '@jobbportalen/contracts';

/** Fields of a search document a relevance rule may look at. */
export const JUDGED_FIELDS = [
  'title',
  'occupation',
  'occupationGroup',
  'company',
  'location',
  'category',
  'mainCategory',
  'extent',
  'form',
  // Skills and phrases from ads' text are judged on what the ad says.
  'description',
] as const;
export type JudgedField = (typeof JUDGED_FIELDS)[number];

/**
 * Which ads a query must bring back, as a rule over the ads' fields rather than a list of ids, so
 * the judgement holds for any corpus the simulator generates:
 * - `word`: what a seeker means by an occupation. A word of one of `in` (default title and
 *   occupation) is one of the forms, or a compound ending in one (letters or a hyphen before it:
 *   'Redovisningsekonom', 'C#-utvecklare', 'Förskollärare'), ignoring case and å/ä/ö. Words
 *   listed in `not`, and compounds ending in them, never count: 'bokförare' is no `förare`,
 *   'Kundtjänstmedarbetare' no `arbetare`. The forms are written out (singular, plural,
 *   definite: ["ekonom", "ekonomer"]): nothing is guessed. A form of several words ('personlig
 *   assistent') matches those words in a row, the first of them possibly as a compound's end;
 * - `contains`: one of `in` (default title and occupation) contains one of the words, ignoring
 *   case and å/ä/ö (the concept is what counts, not its spelling): a substring, so for fields,
 *   skills and names rather than occupations ('ekonom' is in 'Ekonomiassistent');
 * - `is`: the field equals the value, ignoring case;
 * - `all` / `any`: every / at least one of the rules.
 */
export type RelevanceRule =
  | { word: string[]; in?: JudgedField[]; not?: string[] }
  | { contains: string[]; in?: JudgedField[] }
  | { field: JudgedField; is: string }
  | { all: RelevanceRule[] }
  | { any: RelevanceRule[] };

export const QUERY_KINDS = [
  'compound',
  'plural',
  'folded',
  'typo',
  'city',
  'employer',
  'category',
  'multi-word',
  'exact',
  'job-word',
  'place-phrase',
  'misspelling',
  'filters',
  'occupation',
  'everyday-title',
  'skill',
  'ad-text',
  'mixed',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/**
 * Kinds whose text may be an occupation. A query of one of them is an occupation query when its
 * rule names an occupation (a `word` rule, alone or as a condition of `all`): 'lärare' and
 * 'sjuksköterska göteborg' are, 'goteborg' (folded) and 'jobb i malmö' (place-phrase) are not.
 * Skills, employers, categories, places and phrases from ads' text never are.
 */
export const OCCUPATION_QUERY_KINDS: readonly QueryKind[] = [
  'compound',
  'plural',
  'folded',
  'typo',
  'misspelling',
  'exact',
  'occupation',
  'everyday-title',
  'multi-word',
  'job-word',
  'place-phrase',
  'filters',
  'mixed',
];

export interface JudgedQuery {
  q: string;
  kind: QueryKind;
  /** Why these ads are the right answer, for whoever edits the set. */
  note?: string;
  /** Filters set beside the text, as /api/jobs's query string ('extent=Deltid&city=Malmö'). */
  params?: string;
  relevant: RelevanceRule;
}

const namesOccupation = (rule: RelevanceRule): boolean =>
  'word' in rule ||
  ('all' in rule && rule.all.some(namesOccupation)) ||
  ('any' in rule && rule.any.every(namesOccupation));

/** Whether the query's whole-set precision counts towards the occupation-query targets. */
export const isOccupationQuery = (query: JudgedQuery): boolean =>
  OCCUPATION_QUERY_KINDS.includes(query.kind) && namesOccupation(query.relevant);

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const DEFAULT_FIELDS: JudgedField[] = ['title', 'occupation'];

/** The words of a field folded: split at anything but letters, digits, '-', '#', '+' and '.'. */
const wordsOf = (value: string): string[] =>
  fold(value)
    .split(/[^\p{L}\p{N}#+.-]+/u)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter(Boolean);

/**
 * A document's fields folded and split once, not once per query: judging 300 queries over 1,500
 * ads folded every ad's description 300 times, most of the relevance test's time.
 */
interface ReadField {
  folded: string;
  words: string[];
}
/** A rule's words folded and split once: rules are few and short, so they are kept. */
const ruleWords = new Map<string, ReadField>();
function readRuleText(text: string): ReadField {
  let read = ruleWords.get(text);
  if (!read) ruleWords.set(text, (read = { folded: fold(text), words: wordsOf(text) }));
  return read;
}

const readFields = new WeakMap<JobSearchDocument, Map<JudgedField, ReadField>>();

function readField(document: JobSearchDocument, field: JudgedField): ReadField {
  let fields = readFields.get(document);
  if (!fields) readFields.set(document, (fields = new Map()));
  let read = fields.get(field);
  if (!read) {
    const value = document[field] ?? '';
    fields.set(field, (read = { folded: fold(value), words: wordsOf(value) }));
  }
  return read;
}

/** `word` is `form`, or a compound ending in it: a letter or a hyphen right before. */
function endsAsWord(word: string, form: string): boolean {
  if (word === form) return true;
  if (!word.endsWith(form)) return false;
  return /[\p{L}-]/u.test(word.charAt(word.length - form.length - 1));
}

/**
 * Whether the words hold the form's words in a row, its first word possibly a compound's end and
 * not one of the excluded words (unless the form itself ends in that: 'lagermedarbetare' written
 * as a form still counts beside `not: ['medarbetare']`).
 */
function holdsForm(words: readonly string[], form: readonly string[], not: readonly string[]): boolean {
  const [first, ...others] = form;
  if (first === undefined) return false;
  const excluded = (word: string) =>
    not.some((other) => endsAsWord(word, other) && !endsAsWord(first, other));
  return words.some(
    (word, i) =>
      endsAsWord(word, first) && !excluded(word) && others.every((other, j) => words[i + 1 + j] === other),
  );
}

function matchesWord(
  rule: { word: string[]; in?: JudgedField[]; not?: string[] },
  document: JobSearchDocument,
) {
  const forms = rule.word.map((form) => readRuleText(form).words);
  const not = (rule.not ?? []).map((word) => readRuleText(word).folded);
  return (rule.in ?? DEFAULT_FIELDS).some((field) => {
    const { words } = readField(document, field);
    return forms.some((form) => holdsForm(words, form, not));
  });
}

export function isRelevant(rule: RelevanceRule, document: JobSearchDocument): boolean {
  if ('all' in rule) return rule.all.every((inner) => isRelevant(inner, document));
  if ('any' in rule) return rule.any.some((inner) => isRelevant(inner, document));
  if ('is' in rule) return readField(document, rule.field).folded === readRuleText(rule.is).folded;
  if ('word' in rule) return matchesWord(rule, document);
  const words = rule.contains.map((word) => readRuleText(word).folded);
  return (rule.in ?? DEFAULT_FIELDS).some((field) => {
    const { folded } = readField(document, field);
    return words.some((word) => folded.includes(word));
  });
}

export function relevantIds(rule: RelevanceRule, documents: Iterable<JobSearchDocument>): Set<string> {
  const ids = new Set<string>();
  for (const document of documents) if (isRelevant(rule, document)) ids.add(document.id);
  return ids;
}

export interface QueryScore {
  /** Share of the first k hits that are relevant, out of the most that could be (min(k, |relevant|)). */
  recall: number;
  /** The same for the first PRECISION_AT hits: what a seeker sees without scrolling. */
  precision: number;
  /** 1 / rank of the first relevant hit in the first k, 0 when there is none. */
  reciprocalRank: number;
  zeroResults: boolean;
  /**
   * Whole-set precision: relevant hits / all hits, every hit judged (the count, every page, every
   * alert). An empty answer is 1 when nothing is relevant, else 0.
   */
  wholePrecision: number;
  /** Whole-set recall: relevant ads among the hits / relevant ads (1 when none is relevant). */
  wholeRecall: number;
  /** How many hits were judged. */
  hits: number;
}

/** Precision is judged over the first this many hits (precision@5). */
export const PRECISION_AT = 5;

/**
 * Scores one query's hits. The whole-set figures are over every hit given, so give them all
 * (full-path.ts's judgedSearches takes the limit); the ranked ones look at the first k.
 */
export function scoreQuery(relevant: ReadonlySet<string>, hitIds: readonly string[], k = 20): QueryScore {
  const top = hitIds.slice(0, k);
  const found = top.filter((id) => relevant.has(id)).length;
  const firstRelevant = top.findIndex((id) => relevant.has(id));
  const foundFirst = hitIds.slice(0, PRECISION_AT).filter((id) => relevant.has(id)).length;
  const foundAll = new Set(hitIds.filter((id) => relevant.has(id))).size;
  return {
    recall: relevant.size === 0 ? 1 : found / Math.min(k, relevant.size),
    precision: relevant.size === 0 ? 1 : foundFirst / Math.min(PRECISION_AT, relevant.size),
    reciprocalRank: firstRelevant === -1 ? 0 : 1 / (firstRelevant + 1),
    zeroResults: hitIds.length === 0,
    wholePrecision:
      hitIds.length === 0
        ? relevant.size === 0
          ? 1
          : 0
        : hitIds.filter((id) => relevant.has(id)).length / hitIds.length,
    wholeRecall: relevant.size === 0 ? 1 : foundAll / relevant.size,
    hits: hitIds.length,
  };
}

export interface RunSummary {
  queries: number;
  recallAtK: number;
  precisionAt5: number;
  mrr: number;
  zeroResultRate: number;
  /** Queries that found nothing although the corpus holds relevant ads: must be 0. */
  zeroWithRelevant: number;
  /** Mean whole-set precision. */
  wholePrecision: number;
  /** The lowest whole-set precision of a query (1 when there is none). */
  minWholePrecision: number;
  /** Mean whole-set recall. */
  wholeRecall: number;
}

/** Means over the queries that have relevant ads in the corpus (the others judge nothing). */
export function summarize(runs: { relevant: number; score: QueryScore }[]): RunSummary {
  const judged = runs.filter((run) => run.relevant > 0);
  const mean = (pick: (score: QueryScore) => number) =>
    judged.length === 0 ? 0 : judged.reduce((sum, run) => sum + pick(run.score), 0) / judged.length;
  return {
    queries: judged.length,
    recallAtK: mean((score) => score.recall),
    precisionAt5: mean((score) => score.precision),
    mrr: mean((score) => score.reciprocalRank),
    zeroResultRate: mean((score) => (score.zeroResults ? 1 : 0)),
    zeroWithRelevant: judged.filter((run) => run.score.zeroResults).length,
    wholePrecision: mean((score) => score.wholePrecision),
    minWholePrecision: Math.min(1, ...judged.map((run) => run.score.wholePrecision)),
    wholeRecall: mean((score) => score.wholeRecall),
  };
}
