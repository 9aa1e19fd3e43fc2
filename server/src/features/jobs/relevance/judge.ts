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
] as const;
export type JudgedField = (typeof JUDGED_FIELDS)[number];

/**
 * Which ads a query must bring back, as a rule over the ads' fields rather than a list of ids, so
 * the judgement holds for any corpus the simulator generates:
 * - `contains`: one of `in` (default title and occupation) contains one of the words, ignoring
 *   case and å/ä/ö (the concept is what counts, not its spelling);
 * - `is`: the field equals the value, ignoring case;
 * - `all` / `any`: every / at least one of the rules.
 */
export type RelevanceRule =
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
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface JudgedQuery {
  q: string;
  kind: QueryKind;
  /** Why these ads are the right answer, for whoever edits the set. */
  note?: string;
  /** Filters set beside the text, as /api/jobs's query string ('extent=Deltid&city=Malmö'). */
  params?: string;
  relevant: RelevanceRule;
}

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const DEFAULT_FIELDS: JudgedField[] = ['title', 'occupation'];

export function isRelevant(rule: RelevanceRule, document: JobSearchDocument): boolean {
  if ('all' in rule) return rule.all.every((inner) => isRelevant(inner, document));
  if ('any' in rule) return rule.any.some((inner) => isRelevant(inner, document));
  if ('is' in rule) return fold(document[rule.field] ?? '') === fold(rule.is);
  const words = rule.contains.map(fold);
  return (rule.in ?? DEFAULT_FIELDS).some((field) => {
    const value = fold(document[field] ?? '');
    return words.some((word) => value.includes(word));
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
}

/** Precision is judged over the first this many hits (precision@5). */
export const PRECISION_AT = 5;

export function scoreQuery(relevant: ReadonlySet<string>, hitIds: readonly string[], k = 20): QueryScore {
  const top = hitIds.slice(0, k);
  const found = top.filter((id) => relevant.has(id)).length;
  const firstRelevant = top.findIndex((id) => relevant.has(id));
  const foundFirst = hitIds.slice(0, PRECISION_AT).filter((id) => relevant.has(id)).length;
  return {
    recall: relevant.size === 0 ? 1 : found / Math.min(k, relevant.size),
    precision: relevant.size === 0 ? 1 : foundFirst / Math.min(PRECISION_AT, relevant.size),
    reciprocalRank: firstRelevant === -1 ? 0 : 1 / (firstRelevant + 1),
    zeroResults: hitIds.length === 0,
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
  };
}
