// `npm run bench:relevance`: recall@20, precision@5, MRR and zero-result rate of the judged
// Swedish queries (server/src/features/jobs/relevance/judged-queries.json) over the simulator's
// ads, side by side: ours is /api/jobs's whole path (the text understood, then compiled as the
// server compiles it, over our index settings); the defaults send the text as typed (with the
// query's own filters) to an index with Meilisearch's default settings.
//   --ads N (5000)  --seed S (1)  --verbose (every query, not only the imperfect ones)
//   --explain "query" (also list our first hits for that query, relevant ones marked)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parseJobQuery, type JobSearchDocument } from '@jobbportalen/contracts';
import type { Meilisearch, Settings } from 'meilisearch';
import {
  QUERY_KINDS,
  relevantIds,
  scoreQuery,
  summarize,
  type JudgedQuery,
  type QueryScore,
} from '../../server/src/features/jobs/relevance/judge.js';
import { judgedSearches } from '../../server/src/features/jobs/relevance/full-path.js';
import { compileJobQuery } from '../../server/src/search/compile-job-query.js';
import { jobsIndexSettings } from '../../storage/src/index.js';
import { simulatorDocuments } from './lib/corpus.js';
import { fillIndex, startTemporarySearchEngine } from './lib/search-engine.js';

const K = 20;
const TARGET_RECALL = 0.97;
const TARGET_PRECISION = 0.95;

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    verbose: { type: 'boolean', default: false },
    explain: { type: 'string', multiple: true, default: [] },
  },
});

interface Variant {
  name: string;
  settings: Settings;
  /** Documents without our index-time enrichment, as a plain import would have them. */
  bare?: boolean;
  /** The text as typed, no understanding: what a plain Meilisearch set-up would send. */
  typedText?: boolean;
}

// The defaults only get the filterable attributes, without which a query's own filters fail.
const defaults: Settings = { filterableAttributes: jobsIndexSettings().filterableAttributes ?? [] };

const variants: Variant[] = [
  { name: 'ours (full path)', settings: jobsIndexSettings() },
  {
    name: 'ours + localizedAttributes swe',
    settings: jobsIndexSettings({ localizedAttributes: [{ attributePatterns: ['*'], locales: ['swe'] }] }),
  },
  { name: 'Meilisearch defaults', settings: defaults, typedText: true },
  { name: 'defaults, no terms/titleFolded', settings: defaults, bare: true, typedText: true },
];

const judgedFile = new URL('../../server/src/features/jobs/relevance/judged-queries.json', import.meta.url);
const queries = (JSON.parse(fs.readFileSync(judgedFile, 'utf8')) as { queries: JudgedQuery[] }).queries;

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
    limit: K,
    attributesToRetrieve: ['id'],
  }));

async function run(client: Meilisearch, uid: string, variant: Variant, documents: JobSearchDocument[]) {
  const searches = variant.typedText ? typedSearches(uid) : await judgedSearches(queries, documents, uid, K);
  const { results } = await client.multiSearch({ queries: searches });
  return results.map((result) => result.hits.map((hit) => String(hit.id)));
}

const pct = (value: number) => value.toFixed(3);
const pad = (text: string | number, width: number) => String(text).padEnd(width);

async function main() {
  const adCount = Number(args.ads);
  const seed = Number(args.seed);
  const started = Date.now();
  const documents = simulatorDocuments(adCount, seed);
  const relevant = queries.map((query) => relevantIds(query.relevant, documents));
  console.log(
    `${queries.length} judged queries over ${documents.length} simulator ads (seed ${seed}), ` +
      `generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const unjudged = queries.filter((_, i) => relevant[i]!.size === 0).map((query) => query.q);
  if (unjudged.length > 0) console.log(`No relevant ads in this corpus (left out): ${unjudged.join(', ')}`);

  const engine = await startTemporarySearchEngine();
  try {
    const scores = new Map<string, QueryScore[]>();
    for (const [i, variant] of variants.entries()) {
      const uid = `relevance_${i}`;
      const batch = variant.bare ? documents.map(withoutEnrichment) : documents;
      await fillIndex(engine.client, uid, [batch], variant.settings);
      const hits = await run(engine.client, uid, variant, documents);
      scores.set(
        variant.name,
        hits.map((ids, q) => scoreQuery(relevant[q]!, ids, K)),
      );
    }

    console.log(
      `\n${pad('settings', 34)}${pad(`recall@${K}`, 11)}${pad('P@5', 8)}${pad('MRR', 8)}` +
        `${pad('zero-result', 13)}zero with relevant`,
    );
    for (const variant of variants) {
      const summary = summarize(
        scores.get(variant.name)!.map((score, q) => ({ relevant: relevant[q]!.size, score })),
      );
      console.log(
        `${pad(variant.name, 34)}${pad(pct(summary.recallAtK), 11)}${pad(pct(summary.precisionAt5), 8)}` +
          `${pad(pct(summary.mrr), 8)}` +
          `${pad(pct(summary.zeroResultRate), 13)}${summary.zeroWithRelevant}`,
      );
    }

    console.log(`\nrecall@${K} by kind of query`);
    console.log(pad('kind', 20) + variants.map((variant) => pad(variant.name.slice(0, 30), 32)).join(''));
    for (const kind of QUERY_KINDS) {
      const members = queries.flatMap((query, q) =>
        query.kind === kind && relevant[q]!.size > 0 ? [q] : [],
      );
      if (members.length === 0) continue;
      const row = variants.map((variant) => {
        const list = scores.get(variant.name)!;
        return pad(pct(members.reduce((sum, q) => sum + list[q]!.recall, 0) / members.length), 32);
      });
      console.log(pad(`${kind} (${members.length})`, 20) + row.join(''));
    }

    const ours = scores.get(variants[0]!.name)!;
    const byDefaults = scores.get(variants[2]!.name)!;
    console.log(
      `\nqueries (ours vs defaults: recall@${K}, precision@5, reciprocal rank; relevant ads in the corpus)`,
    );
    for (const [q, query] of queries.entries()) {
      const mine = ours[q]!;
      if (!args.verbose && mine.recall === 1 && mine.precision === 1 && mine.reciprocalRank === 1) continue;
      const theirs = byDefaults[q]!;
      const label = query.params ? `${query.q} & ${query.params}` : query.q;
      console.log(
        `  ${pad(JSON.stringify(label), 28)}${pad(query.kind, 13)}` +
          `ours ${pct(mine.recall)} ${pct(mine.precision)} ${pct(mine.reciprocalRank)}   ` +
          `defaults ${pct(theirs.recall)} ${pct(theirs.precision)} ${pct(theirs.reciprocalRank)}` +
          `   (${relevant[q]!.size})`,
      );
    }

    const byId = new Map(documents.map((document) => [document.id, document]));
    for (const text of args.explain ?? []) {
      const q = queries.findIndex((query) => query.q === text);
      const judged = queries[q] ?? { q: text, kind: 'exact', relevant: { contains: [] } };
      const [{ indexUid: _uid, q: searched, ...params } = { q: text }] = await judgedSearches(
        [judged],
        documents,
        'relevance_0',
        K,
      );
      const { hits } = await engine.client.index('relevance_0').search(searched, params);
      console.log(
        `\nour first ${K} hits for ${JSON.stringify(text)} (searched as ${JSON.stringify({ q: searched, ...params })}):`,
      );
      for (const hit of hits) {
        const document = byId.get(String(hit.id))!;
        const mark = q >= 0 && relevant[q]!.has(document.id) ? '✓' : '✗';
        console.log(
          `  ${mark} ${document.title} | ${document.occupation} | ${document.location} | ${document.company}`,
        );
      }
    }

    const summary = summarize(ours.map((score, q) => ({ relevant: relevant[q]!.size, score })));
    const ok =
      summary.recallAtK >= TARGET_RECALL &&
      summary.precisionAt5 >= TARGET_PRECISION &&
      summary.zeroWithRelevant === 0;
    console.log(
      `\ntarget recall@${K} ≥ ${TARGET_RECALL}, precision@5 ≥ ${TARGET_PRECISION} and no zero-result query ` +
        `with relevant ads: ${ok ? 'met' : 'NOT MET'}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await engine.close();
  }
}

await main();
