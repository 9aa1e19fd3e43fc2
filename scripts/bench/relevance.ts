// `npm run bench:relevance`: the judged Swedish queries (server/src/features/jobs/relevance/
// judged-queries.json) over the simulator's ads, every hit of each query judged: whole-set
// precision (relevant hits / all hits: the count, every page, every alert) and whole-set recall
// beside precision@5, recall@20 and MRR, per query, per kind and overall, with the targets for
// occupation queries (judge.ts's isOccupationQuery). Side by side: ours is /api/jobs's whole path
// (the text understood, then compiled as the server compiles it, over our index settings); the
// defaults send the text as typed (with the query's own filters) to an index with Meilisearch's
// default settings.
//   --ads N (5000)  --seed S (1)  --verbose (every query, not only the imperfect ones)
//   --explain "query" (also list our first hits for that query, relevant ones marked)
//   --real-ads file.jsonl (also judge the same queries over these JobStream ad records, turned
//     into search documents as the indexer does; e.g. a fixture of real ads outside the repo)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { JOB_MAX_TOTAL_HITS, parseJobQuery, type JobSearchDocument } from '@jobbportalen/contracts';
import { classifyFeedRecord, toSearchDocument } from '@jobbportalen/indexer';
import type { Meilisearch, Settings } from 'meilisearch';
import {
  isOccupationQuery,
  QUERY_KINDS,
  relevantIds,
  scoreQuery,
  summarize,
  type JudgedQuery,
  type QueryScore,
  type RunSummary,
} from '../../server/src/features/jobs/relevance/judge.js';
import { judgedSearches, type SearchVariant } from '../../server/src/features/jobs/relevance/full-path.js';
import { compileJobQuery } from '../../server/src/search/compile-job-query.js';
import { jobsIndexSettings } from '../../storage/src/index.js';
import { simulatorDocuments } from './lib/corpus.js';
import { fillIndex, startTemporarySearchEngine } from './lib/search-engine.js';

const K = 20;
/** Every hit: the deepest a search may page to (our maxTotalHits). */
const ALL_HITS = JOB_MAX_TOTAL_HITS;
const TARGET_RECALL = 0.97;
const TARGET_PRECISION = 0.95;
/** Occupation queries: mean whole-set precision, the lowest of one, and mean whole-set recall. */
const TARGET_WHOLE_PRECISION = 0.9;
const TARGET_MIN_WHOLE_PRECISION = 0.8;
const TARGET_WHOLE_RECALL = 0.97;
const WORST_LISTED = 30;

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    verbose: { type: 'boolean', default: false },
    explain: { type: 'string', multiple: true, default: [] },
    'real-ads': { type: 'string' },
  },
});

interface Variant {
  name: string;
  settings: Settings;
  /** Documents without our index-time enrichment, as a plain import would have them. */
  bare?: boolean;
  /** The text as typed, no understanding: what a plain Meilisearch set-up would send. */
  typedText?: boolean;
  /** Our path searched another way (occupation words as text, another matching strategy). */
  search?: SearchVariant;
}

// The defaults only get the filterable attributes, without which a query's own filters fail, and
// our maxTotalHits, without which no more than 1,000 hits could be judged.
const defaults: Settings = {
  filterableAttributes: jobsIndexSettings().filterableAttributes ?? [],
  pagination: { maxTotalHits: ALL_HITS },
};

const typoTolerance = jobsIndexSettings().typoTolerance ?? {};

// Ours first; then the choices #25 measured (the text searched as before it, Meilisearch's other
// matching strategy and typo settings); then a plain Meilisearch set-up.
const variants: Variant[] = [
  { name: 'ours (full path)', settings: jobsIndexSettings() },
  {
    name: 'before #25 (words as text, last)',
    // Typos forgiven in descriptions too, as before #25.
    settings: jobsIndexSettings({ typoTolerance: { ...typoTolerance, disableOnAttributes: [] } }),
    search: { textEverywhere: true, matchingStrategy: 'last' },
  },
  {
    name: "ours, matchingStrategy 'last'",
    settings: jobsIndexSettings(),
    search: { matchingStrategy: 'last' },
  },
  {
    name: 'ours, typos in descriptions',
    settings: jobsIndexSettings({ typoTolerance: { ...typoTolerance, disableOnAttributes: [] } }),
  },
  {
    name: 'ours, typos from 6/10 letters',
    settings: jobsIndexSettings({
      typoTolerance: { ...typoTolerance, minWordSizeForTypos: { oneTypo: 6, twoTypos: 10 } },
    }),
  },
  { name: 'Meilisearch defaults', settings: defaults, typedText: true },
  { name: 'defaults, no terms/titleFolded', settings: defaults, bare: true, typedText: true },
];

const judgedFile = new URL('../../server/src/features/jobs/relevance/judged-queries.json', import.meta.url);
const queries = (JSON.parse(fs.readFileSync(judgedFile, 'utf8')) as { queries: JudgedQuery[] }).queries;
const occupation = queries.map(isOccupationQuery);

function withoutEnrichment(document: JobSearchDocument) {
  const { terms: _terms, titleFolded: _titleFolded, ...rest } = document;
  return rest;
}

/** The text as typed with the query's own filters, compiled without understanding. */
const typedSearches = (uid: string) =>
  queries.map((query) => ({
    indexUid: uid,
    q: query.q,
    filter: compileJobQuery(parseJobQuery(query.params ?? '')).params.filter,
    limit: ALL_HITS,
    attributesToRetrieve: ['id'],
  }));

/** Every hit of every judged query, in order. */
async function run(
  client: Meilisearch,
  uid: string,
  documents: readonly JobSearchDocument[],
  variant: Variant,
) {
  const searches = variant.typedText
    ? typedSearches(uid)
    : await judgedSearches(queries, documents, uid, ALL_HITS, variant.search);
  const { results } = await client.multiSearch({ queries: searches });
  return results.map((result) => result.hits.map((hit) => String(hit.id)));
}

const num = (value: number) => value.toFixed(3);
const pad = (text: string | number, width: number) => String(text).padEnd(width);
const label = (query: JudgedQuery) => (query.params ? `${query.q} & ${query.params}` : query.q);

/** The queries picked out, with their scores, summarised. */
const summaryOf = (
  scores: readonly QueryScore[],
  relevant: readonly Set<string>[],
  pick: (q: number) => boolean,
) => summarize(scores.flatMap((score, q) => (pick(q) ? [{ relevant: relevant[q]!.size, score }] : [])));

const FIGURES = `${pad('whole P', 9)}${pad('min', 7)}${pad('whole R', 9)}${pad('P@5', 7)}${pad(`R@${K}`, 7)}${pad('MRR', 7)}`;
const figures = (summary: RunSummary) =>
  `${pad(num(summary.wholePrecision), 9)}${pad(num(summary.minWholePrecision).slice(0, 5), 7)}` +
  `${pad(num(summary.wholeRecall), 9)}${pad(num(summary.precisionAt5), 7)}${pad(num(summary.recallAtK), 7)}` +
  `${pad(num(summary.mrr), 7)}`;

/** Per kind and for the occupation queries, the figures of one run. */
function printByKind(scores: readonly QueryScore[], relevant: readonly Set<string>[]) {
  console.log(`  ${pad('kind (judged queries)', 28)}${FIGURES}`);
  const row = (name: string, pick: (q: number) => boolean) => {
    const summary = summaryOf(scores, relevant, pick);
    if (summary.queries > 0) console.log(`  ${pad(`${name} (${summary.queries})`, 28)}${figures(summary)}`);
  };
  for (const kind of QUERY_KINDS) row(kind, (q) => queries[q]!.kind === kind);
  row('occupation queries', (q) => occupation[q]!);
  row('other queries', (q) => !occupation[q]!);
  row('all', () => true);
}

/** Whether the run meets the targets, saying so for the occupation queries and for all. */
function printTargets(name: string, scores: readonly QueryScore[], relevant: readonly Set<string>[]) {
  const all = summaryOf(scores, relevant, () => true);
  const jobs = summaryOf(scores, relevant, (q) => occupation[q]!);
  const ranked =
    all.recallAtK >= TARGET_RECALL && all.precisionAt5 >= TARGET_PRECISION && all.zeroWithRelevant === 0;
  const whole =
    jobs.wholePrecision >= TARGET_WHOLE_PRECISION &&
    jobs.minWholePrecision >= TARGET_MIN_WHOLE_PRECISION &&
    jobs.wholeRecall >= TARGET_WHOLE_RECALL;
  console.log(
    `\n${name}: target recall@${K} ≥ ${TARGET_RECALL}, precision@5 ≥ ${TARGET_PRECISION} and no ` +
      `zero-result query with relevant ads (all ${all.queries} judged queries: ${num(all.recallAtK)}, ` +
      `${num(all.precisionAt5)}, ${all.zeroWithRelevant}): ${ranked ? 'met' : 'NOT MET'}`,
  );
  const below = scores.filter(
    (score, q) =>
      occupation[q]! && relevant[q]!.size > 0 && score.wholePrecision < TARGET_MIN_WHOLE_PRECISION,
  ).length;
  console.log(
    `${name}: target for the ${jobs.queries} occupation queries: whole-set precision ≥ ` +
      `${TARGET_WHOLE_PRECISION} on average (${num(jobs.wholePrecision)}), none below ` +
      `${TARGET_MIN_WHOLE_PRECISION} (lowest ${num(jobs.minWholePrecision)}, ${below} below), ` +
      `whole-set recall ≥ ${TARGET_WHOLE_RECALL} (${num(jobs.wholeRecall)}): ${whole ? 'met' : 'NOT MET'}`,
  );
  return ranked && whole;
}

/** The occupation queries whose whole answer is least right. */
function printWorst(scores: readonly QueryScore[], relevant: readonly Set<string>[]) {
  const worst = scores
    .map((score, q) => ({ score, q }))
    .filter(({ q }) => occupation[q]! && relevant[q]!.size > 0)
    .sort((a, b) => a.score.wholePrecision - b.score.wholePrecision)
    .slice(0, WORST_LISTED);
  console.log(`\noccupation queries with the lowest whole-set precision (relevant hits / hits)`);
  for (const { score, q } of worst) {
    const found = Math.round(score.wholePrecision * score.hits);
    console.log(
      `  ${pad(JSON.stringify(label(queries[q]!)), 40)}${pad(queries[q]!.kind, 15)}` +
        `${num(score.wholePrecision)}  ${found} of ${score.hits} hits; ${relevant[q]!.size} relevant ads`,
    );
  }
}

function printQueries(
  ours: readonly QueryScore[],
  relevant: readonly Set<string>[],
  theirs?: readonly QueryScore[],
) {
  console.log(
    `\nqueries: ours whole-set precision, whole-set recall, precision@5, recall@${K}, reciprocal rank ` +
      `(hits / relevant ads)${theirs ? " | defaults' whole-set precision, P@5" : ''}` +
      (args.verbose ? '' : '; queries perfect on all five left out (--verbose lists them)'),
  );
  for (const [q, query] of queries.entries()) {
    const mine = ours[q]!;
    if (relevant[q]!.size === 0) continue;
    const perfect = [mine.wholePrecision, mine.wholeRecall, mine.precision, mine.recall, mine.reciprocalRank];
    if (!args.verbose && perfect.every((value) => value === 1)) continue;
    console.log(
      `  ${occupation[q] ? '●' : ' '} ${pad(JSON.stringify(label(query)), 40)}${pad(query.kind, 15)}` +
        `${perfect.map(num).join(' ')}  ${pad(`(${mine.hits} / ${relevant[q]!.size})`, 13)}` +
        (theirs ? `| ${num(theirs[q]!.wholePrecision)} ${num(theirs[q]!.precision)}` : ''),
    );
  }
  console.log('  (● an occupation query)');
  // Left out of every mean (they judge nothing), but a hit there is wrong all the same.
  const falseAlarms = queries.flatMap((query, q) =>
    relevant[q]!.size === 0 && ours[q]!.hits > 0 ? [`${label(query)} (${ours[q]!.hits})`] : [],
  );
  if (falseAlarms.length > 0)
    console.log(`  queries without relevant ads that still answer (hits): ${falseAlarms.join(', ')}`);
}

/** JobStream ad records, one JSON object a line, as the indexer turns them into search documents. */
function realAdDocuments(file: string): JobSearchDocument[] {
  const documents: JobSearchDocument[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = classifyFeedRecord(JSON.parse(line) as Parameters<typeof classifyFeedRecord>[0]);
    if (record.kind === 'ad') documents.push(toSearchDocument(record.ad));
  }
  return documents;
}

async function main() {
  const adCount = Number(args.ads);
  const seed = Number(args.seed);
  const started = Date.now();
  const documents = simulatorDocuments(adCount, seed);
  const relevant = queries.map((query) => relevantIds(query.relevant, documents));
  console.log(
    `${queries.length} judged queries (${occupation.filter(Boolean).length} occupation queries) over ` +
      `${documents.length} simulator ads (seed ${seed}), generated in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s; every hit judged (limit ${ALL_HITS})`,
  );
  const unjudged = queries.filter((_, i) => relevant[i]!.size === 0).map(label);
  if (unjudged.length > 0) console.log(`No relevant ads in this corpus (left out): ${unjudged.join(', ')}`);

  const engine = await startTemporarySearchEngine();
  try {
    const scores = new Map<string, QueryScore[]>();
    for (const [i, variant] of variants.entries()) {
      const uid = `relevance_${i}`;
      const batch = variant.bare ? documents.map(withoutEnrichment) : documents;
      await fillIndex(engine.client, uid, [batch], variant.settings);
      const hits = await run(engine.client, uid, documents, variant);
      scores.set(
        variant.name,
        hits.map((ids, q) => scoreQuery(relevant[q]!, ids, K)),
      );
    }

    console.log(
      `\n${pad('settings', 34)}${pad('queries', 22)}${FIGURES}${pad('zero-result', 13)}zero with relevant`,
    );
    for (const variant of variants) {
      const list = scores.get(variant.name)!;
      const all = summaryOf(list, relevant, () => true);
      const jobs = summaryOf(list, relevant, (q) => occupation[q]!);
      console.log(
        `${pad(variant.name, 34)}${pad(`all (${all.queries})`, 22)}${figures(all)}` +
          `${pad(num(all.zeroResultRate), 13)}${all.zeroWithRelevant}`,
      );
      console.log(`${pad('', 34)}${pad(`occupation (${jobs.queries})`, 22)}${figures(jobs)}`);
    }

    const ours = scores.get(variants[0]!.name)!;
    const byDefaults = scores.get('Meilisearch defaults')!;
    console.log(`\nours by kind of query`);
    printByKind(ours, relevant);
    printQueries(ours, relevant, byDefaults);
    printWorst(ours, relevant);

    const byId = new Map(documents.map((document) => [document.id, document]));
    for (const text of args.explain ?? []) {
      const q = queries.findIndex((query) => query.q === text);
      const judged = queries[q] ?? { q: text, kind: 'exact', relevant: { contains: [] } };
      const [{ indexUid: _uid, q: searched, ...params } = { q: text }] = await judgedSearches(
        [judged],
        documents,
        'relevance_0',
        ALL_HITS,
      );
      const { hits } = await engine.client.index('relevance_0').search(searched, params);
      const marks = hits.map((hit) => (q >= 0 && relevant[q]!.has(String(hit.id)) ? '✓' : '✗'));
      console.log(
        `\nour hits for ${JSON.stringify(text)} (searched as ${JSON.stringify({ q: searched, ...params, limit: undefined })}): ` +
          `${hits.length}, ${marks.filter((mark) => mark === '✓').length} relevant; the first ${K}, then the wrong ones:`,
      );
      const shown = hits.flatMap((hit, rank) => (rank < K || marks[rank] === '✗' ? [{ hit, rank }] : []));
      for (const { hit, rank } of shown.slice(0, K + 40)) {
        const document = byId.get(String(hit.id))!;
        console.log(
          `  ${pad(rank + 1, 5)}${marks[rank]} ${document.title} | ${document.occupation} | ` +
            `${document.location} | ${document.company}`,
        );
      }
    }

    let ok = printTargets('ours, simulator', ours, relevant);

    if (args['real-ads']) {
      const real = realAdDocuments(args['real-ads']);
      const realRelevant = queries.map((query) => relevantIds(query.relevant, real));
      await fillIndex(engine.client, 'relevance_real', [real], jobsIndexSettings());
      const realHits = await run(engine.client, 'relevance_real', real, variants[0]!);
      const realScores = realHits.map((ids, q) => scoreQuery(realRelevant[q]!, ids, K));
      const judged = queries.flatMap((query, q) => (realRelevant[q]!.size > 0 ? [label(query)] : []));
      console.log(
        `\n--real-ads ${args['real-ads']}: ${real.length} ads; ${judged.length} of the judged queries ` +
          `have relevant ads there (the others judge nothing): ${judged.join(', ')}`,
      );
      printByKind(realScores, realRelevant);
      printQueries(realScores, realRelevant);
      ok = printTargets('ours, real ads', realScores, realRelevant) && ok;
    }
    process.exitCode = ok ? 0 : 1;
  } finally {
    await engine.close();
  }
}

await main();
