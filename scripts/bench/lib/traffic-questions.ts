// The question stream of `npm run bench:traffic` and `bench:failover`: 10,000 distinct questions
// (texts from the judged query set and taxonomy labels, city, extent and page combinations),
// drawn Zipf-distributed the way search logs are. Each question is asked either the browser's way
// (a multi-search through our proxy) or the API's way (/api/jobs); Meilisearch direct is asked the
// very same question as Meilisearch would receive it.
import fs from 'node:fs';
import { type JobQuery } from '../../../contracts/src/index.js';
import { occupationGroups } from '../../../lexicon/src/taxonomy.js';
import { LIST_ATTRIBUTES } from '../../../server/src/features/jobs/search-hit-mapper.js';
import { compileJobQuery, filterExpressions } from '../../../server/src/search/compile-job-query.js';
import type { LoadRequest } from './load.js';
import { seededRandom, zipfSampler } from './random-draws.js';

export const INDEX = 'jobs';
const CITIES = ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Linköping', 'Örebro', 'Västerås', 'Umeå'];
const EXTENTS = ['Heltid', 'Deltid'];
const PAGES = 3;

function texts(): string[] {
  const judged = JSON.parse(
    fs.readFileSync(
      new URL('../../../server/src/features/jobs/relevance/judged-queries.json', import.meta.url),
      'utf8',
    ),
  ) as { queries: { q: string }[] };
  const labels = occupationGroups().map((group) => group.label.toLowerCase());
  // Browse mode (no text) first: the most common question on a job board.
  return [...new Set(['', ...judged.queries.map((query) => query.q), ...labels])];
}

export interface Question {
  query: JobQuery;
  /** Asked through our proxy (the browser's way) or /api/jobs. */
  via: 'proxy' | 'api';
}

/**
 * The `count` most popular questions, most popular first: every text × city × extent × page, each
 * given a popularity (browse mode and page 1 most, a filter or a later page less, and a seeded
 * random share), ranked by it. Rank r is then asked with Zipf probability ∝ 1 / r^s.
 */
export function rankedQuestions(count: number): Question[] {
  const random = seededRandom(11);
  const scored: { question: Question; score: number }[] = [];
  const all = texts();
  for (const [t, text] of all.entries())
    for (const city of [undefined, ...CITIES])
      for (const extent of [undefined, ...EXTENTS])
        for (let page = 1; page <= PAGES; page++) {
          const query: JobQuery = {
            ...(text ? { text } : {}),
            ...(city ? { city } : {}),
            ...(extent ? { extent } : {}),
            ...(page > 1 ? { page } : {}),
          };
          const score =
            random() *
            (text ? 1 : 4) *
            (city ? 0.6 : 1) *
            (extent ? 0.5 : 1) *
            (1 / page ** 2) *
            (t < 200 ? 1 : 0.5);
          scored.push({ question: { query, via: random() < 0.5 ? 'proxy' : 'api' }, score });
        }
  if (scored.length < count) throw new Error(`only ${scored.length} distinct questions`);
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((entry) => entry.question);
}

/** `length` ranks in 0 … n-1 drawn with probability ∝ 1 / (rank + 1)^s. */
export function zipfSequence(n: number, s: number, length: number, seed = 5): number[] {
  return Array.from({ length }, zipfSampler(n, s, seededRandom(seed)));
}

/** What instant-meilisearch sends for a results page: facets, filters, a lean hit. */
function browserSearch(query: JobQuery) {
  return {
    indexUid: INDEX,
    q: query.text ?? '',
    facets: ['mainCategory', 'location', 'extent', 'form'],
    // The filters as the browser writes them: the same definitions compileJobQuery uses.
    filter: filterExpressions(query),
    attributesToRetrieve: ['id', 'title', 'company', 'location', 'extent', 'publishedAt', 'description'],
    attributesToHighlight: ['title'],
    attributesToCrop: ['description:30'],
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    hitsPerPage: 20,
    page: query.page ?? 1,
  };
}

const json = { 'content-type': 'application/json' };

/** The question as our server is asked it: through the proxy or /api/jobs. */
export function oursRequest(question: Question): LoadRequest {
  const { query } = question;
  if (question.via === 'proxy')
    return {
      method: 'POST',
      path: '/api/search/multi-search',
      headers: json,
      body: JSON.stringify({ queries: [browserSearch(query)] }),
    };
  const params = new URLSearchParams();
  if (query.text) params.set('search', query.text);
  if (query.city) params.set('city', query.city);
  if (query.extent) params.set('extent', query.extent);
  if (query.page) params.set('page', String(query.page));
  return { method: 'GET', path: `/api/jobs?${params}` };
}

/** The same question as Meilisearch itself receives it from the proxy or from /api/jobs. */
export function directRequest(question: Question, apiKey: string): LoadRequest {
  const headers = { ...json, authorization: `Bearer ${apiKey}` };
  if (question.via === 'proxy')
    return {
      method: 'POST',
      path: '/multi-search',
      headers,
      body: JSON.stringify({ queries: [browserSearch(question.query)] }),
    };
  const { q, params } = compileJobQuery(question.query);
  return {
    method: 'POST',
    path: `/indexes/${INDEX}/search`,
    headers,
    body: JSON.stringify({ q, ...params, attributesToRetrieve: [...LIST_ATTRIBUTES] }),
  };
}

/** The stream both sides are asked: `length` Zipf draws (s) over the `distinct` ranked questions. */
export function questionStream(options: {
  distinct: number;
  s: number;
  length: number;
  /** Ask every question the one way (to see what each costs); default: each its own way. */
  via?: Question['via'];
}) {
  const questions = rankedQuestions(options.distinct).map((question) =>
    options.via ? { ...question, via: options.via } : question,
  );
  const ranks = zipfSequence(options.distinct, options.s, options.length);
  return {
    distinctAsked: new Set(ranks).size,
    ours: () => {
      const requests = questions.map(oursRequest);
      return ranks.map((rank) => requests[rank]!);
    },
    direct: (apiKey: string) => {
      const requests = questions.map((question) => directRequest(question, apiKey));
      return ranks.map((rank) => requests[rank]!);
    },
  };
}
