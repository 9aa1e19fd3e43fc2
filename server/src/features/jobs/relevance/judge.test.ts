import fs from 'node:fs';
import type { JobSearchDocument } from '@jobbportalen/contracts';
import { describe, expect, it } from 'vitest';
import {
  isRelevant,
  JUDGED_FIELDS,
  QUERY_KINDS,
  scoreQuery,
  summarize,
  type JudgedQuery,
  type RelevanceRule,
} from './judge.js';

const ad = (fields: Partial<JobSearchDocument>) => ({ id: 'x', title: '', ...fields }) as JobSearchDocument;

describe('relevance rules', () => {
  it('match words in title and occupation ignoring case and å/ä/ö', () => {
    const rule: RelevanceRule = { contains: ['sköterska'] };
    expect(isRelevant(rule, ad({ title: 'Legitimerad SJUKSKOTERSKA' }))).toBe(true);
    expect(isRelevant(rule, ad({ title: 'Läkare', occupation: 'Undersköterska, hemtjänst' }))).toBe(true);
    expect(isRelevant(rule, ad({ title: 'Läkare', company: 'Sköterskebolaget' }))).toBe(false);
  });

  it('compare whole values with is, and combine with all / any', () => {
    const inGothenburg: RelevanceRule = { field: 'location', is: 'Göteborg' };
    expect(isRelevant(inGothenburg, ad({ location: 'göteborg' }))).toBe(true);
    expect(isRelevant(inGothenburg, ad({ location: 'Göteborgs skärgård' }))).toBe(false);
    const both: RelevanceRule = { all: [{ contains: ['lärare'] }, inGothenburg] };
    expect(isRelevant(both, ad({ title: 'Förskollärare', location: 'Göteborg' }))).toBe(true);
    expect(isRelevant(both, ad({ title: 'Förskollärare', location: 'Malmö' }))).toBe(false);
    const either: RelevanceRule = { any: [{ contains: ['kock'] }, inGothenburg] };
    expect(isRelevant(either, ad({ title: 'Kock', location: 'Malmö' }))).toBe(true);
  });
});

describe('metrics', () => {
  it('computes recall@k against what could fit in k, and the reciprocal rank', () => {
    const relevant = new Set(['a', 'b', 'c']);
    expect(scoreQuery(relevant, ['x', 'a', 'b', 'c'], 20)).toEqual({
      recall: 1,
      precision: 1,
      reciprocalRank: 0.5,
      zeroResults: false,
    });
    expect(scoreQuery(relevant, ['a', 'x'], 2)).toMatchObject({ recall: 0.5, reciprocalRank: 1 });
    expect(scoreQuery(relevant, [], 20)).toEqual({
      recall: 0,
      precision: 0,
      reciprocalRank: 0,
      zeroResults: true,
    });
  });

  it('computes precision@5 over the first five hits, against what could fit in five', () => {
    const many = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(scoreQuery(many, ['a', 'x', 'b', 'y', 'c', 'd', 'e'], 20).precision).toBe(0.6);
    expect(scoreQuery(new Set(['a', 'b']), ['a', 'x', 'y', 'z', 'b'], 20).precision).toBe(1);
    expect(scoreQuery(new Set(['a', 'b']), ['a', 'x', 'y', 'z', 'w', 'b'], 20).precision).toBe(0.5);
  });

  it('summarises only queries that have relevant ads', () => {
    const summary = summarize([
      { relevant: 4, score: { recall: 1, precision: 1, reciprocalRank: 1, zeroResults: false } },
      { relevant: 2, score: { recall: 0, precision: 0, reciprocalRank: 0, zeroResults: true } },
      { relevant: 0, score: { recall: 1, precision: 1, reciprocalRank: 0, zeroResults: true } },
    ]);
    expect(summary).toEqual({
      queries: 2,
      recallAtK: 0.5,
      precisionAt5: 0.5,
      mrr: 0.5,
      zeroResultRate: 0.5,
      zeroWithRelevant: 1,
    });
  });
});

describe('the judged query set', () => {
  const { queries } = JSON.parse(
    fs.readFileSync(new URL('./judged-queries.json', import.meta.url), 'utf8'),
  ) as { queries: JudgedQuery[] };

  it('has at least 150 distinct queries covering every kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(150);
    const distinct = new Set(queries.map((query) => `${query.q.toLowerCase()}&${query.params ?? ''}`));
    expect(distinct.size).toBe(queries.length);
    for (const kind of QUERY_KINDS)
      expect(
        queries.some((query) => query.kind === kind),
        kind,
      ).toBe(true);
  });

  it('uses only known fields and well-formed rules', () => {
    const check = (rule: RelevanceRule): void => {
      if ('all' in rule) return rule.all.forEach(check);
      if ('any' in rule) return rule.any.forEach(check);
      if ('is' in rule) {
        expect(JUDGED_FIELDS).toContain(rule.field);
        return;
      }
      expect(rule.contains.length).toBeGreaterThan(0);
      for (const field of rule.in ?? []) expect(JUDGED_FIELDS).toContain(field);
    };
    for (const query of queries) check(query.relevant);
  });
});
