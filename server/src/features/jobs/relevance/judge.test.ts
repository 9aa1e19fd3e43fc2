import fs from 'node:fs';
import type { JobSearchDocument } from '@jobbportalen/contracts';
import { describe, expect, it } from 'vitest';
import {
  isOccupationQuery,
  isRelevant,
  JUDGED_FIELDS,
  QUERY_KINDS,
  scoreQuery,
  summarize,
  type JudgedQuery,
  type QueryScore,
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

describe('the word rule: what a seeker means by an occupation', () => {
  const relevant = (rule: RelevanceRule, title: string, occupation = '') =>
    isRelevant(rule, ad({ title, occupation }));

  it('counts the word and compounds ending in it, ignoring case and å/ä/ö', () => {
    const rule: RelevanceRule = { word: ['ekonom', 'ekonomer'] };
    expect(relevant(rule, 'Ekonom till växande byrå')).toBe(true);
    expect(relevant(rule, 'Erfaren REDOVISNINGSEKONOM')).toBe(true);
    expect(relevant(rule, 'Controller', 'Fastighetsekonom')).toBe(true);
    expect(relevant(rule, 'Ekonomer sökes')).toBe(true);
    expect(relevant(rule, 'Ekonomiassistent')).toBe(false);
    expect(relevant(rule, 'Chef för ekonomiavdelningen')).toBe(false);
    const teacher: RelevanceRule = { word: ['lärare', 'läraren', 'lärarna'] };
    expect(relevant(teacher, 'Förskollärare')).toBe(true);
    expect(relevant(teacher, 'Gymnasielärare i matematik')).toBe(true);
    expect(relevant(teacher, 'forskollarare')).toBe(true);
    expect(relevant(teacher, 'Lärarassistent')).toBe(false);
    expect(relevant(teacher, 'Barnskötare', 'Barnskötare')).toBe(false);
  });

  it('counts a compound joined with a hyphen, and words split at slashes and commas', () => {
    const rule: RelevanceRule = { word: ['utvecklare'] };
    expect(relevant(rule, 'C#-utvecklare')).toBe(true);
    expect(relevant(rule, '.NET-utvecklare')).toBe(true);
    expect(relevant(rule, 'Konsult', 'Systemutvecklare/Programmerare')).toBe(true);
    expect(relevant(rule, 'Vill du utveckla verksamheten?')).toBe(false);
    expect(relevant(rule, 'Utvecklingschef')).toBe(false);
    expect(relevant({ word: ['montör'] }, 'Lärling', 'Lärling, VVS-montör')).toBe(true);
  });

  it('keeps one compound from another: sjuksköterska is no undersköterska, sköterska is both', () => {
    const nurse: RelevanceRule = { word: ['sjuksköterska', 'sjuksköterskor'] };
    const assistantNurse: RelevanceRule = { word: ['undersköterska', 'undersköterskor'] };
    expect(relevant(nurse, 'Sjuksköterska, natt')).toBe(true);
    expect(relevant(nurse, 'Diabetessjuksköterska')).toBe(true);
    expect(relevant(nurse, 'Undersköterska')).toBe(false);
    expect(relevant(assistantNurse, 'Sjuksköterska')).toBe(false);
    expect(relevant(assistantNurse, 'Specialistundersköterska')).toBe(true);
    const either: RelevanceRule = { word: ['sköterska'] };
    expect(relevant(either, 'Sjuksköterska')).toBe(true);
    expect(relevant(either, 'Undersköterska')).toBe(true);
  });

  it('never counts the words in `not`, nor compounds ending in them', () => {
    const driver: RelevanceRule = { word: ['förare'], not: ['bokförare', 'marknadsförare'] };
    expect(relevant(driver, 'Lastbilsförare')).toBe(true);
    expect(relevant(driver, 'Bokförare')).toBe(false);
    expect(relevant(driver, 'Marknadsförare')).toBe(false);
    const worker: RelevanceRule = { word: ['arbetare'], not: ['medarbetare'] };
    expect(relevant(worker, 'Lagerarbetare')).toBe(true);
    expect(relevant(worker, 'Kundtjänstmedarbetare')).toBe(false);
    expect(relevant(worker, 'Medarbetare')).toBe(false);
    // A form that itself ends in an excluded word still counts.
    const warehouse: RelevanceRule = { word: ['lagerarbetare', 'lagermedarbetare'], not: ['medarbetare'] };
    expect(relevant(warehouse, 'Lagermedarbetare')).toBe(true);
    expect(relevant(warehouse, 'Butiksmedarbetare')).toBe(false);
  });

  it('counts lorry drivers by any of their names, not forklift drivers', () => {
    const lorry: RelevanceRule = {
      word: [
        'lastbilschaufför',
        'lastbilsförare',
        'c-chaufför',
        'ce-chaufför',
        'distributionsförare',
        'fjärrbilsförare',
      ],
    };
    expect(relevant(lorry, 'CE-chaufför till åkeri')).toBe(true);
    expect(relevant(lorry, 'Chaufför', 'Distributionsförare')).toBe(true);
    expect(relevant(lorry, 'Truckförare', 'Truckförare')).toBe(false);
  });

  it('matches a form of several words in a row, and looks only in the fields it names', () => {
    const rule: RelevanceRule = { word: ['personlig assistent'] };
    expect(relevant(rule, 'Personlig assistent till Anna')).toBe(true);
    expect(relevant(rule, 'Assistent, personlig')).toBe(false);
    const inCompany: RelevanceRule = { word: ['kommun'], in: ['company'] };
    expect(isRelevant(inCompany, ad({ title: 'Kommunikatör', company: 'Uppsala kommun' }))).toBe(true);
    expect(isRelevant(inCompany, ad({ title: 'Kommun', company: 'Region Skåne' }))).toBe(false);
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
      wholePrecision: 0.75,
      wholeRecall: 1,
      hits: 4,
    });
    expect(scoreQuery(relevant, ['a', 'x'], 2)).toMatchObject({ recall: 0.5, reciprocalRank: 1 });
    expect(scoreQuery(relevant, [], 20)).toEqual({
      recall: 0,
      precision: 0,
      reciprocalRank: 0,
      zeroResults: true,
      wholePrecision: 0,
      wholeRecall: 0,
      hits: 0,
    });
  });

  it('computes precision@5 over the first five hits, against what could fit in five', () => {
    const many = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(scoreQuery(many, ['a', 'x', 'b', 'y', 'c', 'd', 'e'], 20).precision).toBe(0.6);
    expect(scoreQuery(new Set(['a', 'b']), ['a', 'x', 'y', 'z', 'b'], 20).precision).toBe(1);
    expect(scoreQuery(new Set(['a', 'b']), ['a', 'x', 'y', 'z', 'w', 'b'], 20).precision).toBe(0.5);
  });

  it('judges every hit for whole-set precision and recall, beyond the first k', () => {
    const relevant = new Set(['a', 'b', 'c', 'd']);
    const hits = ['a', 'b', 'x', 'y', 'z', 'c', 'w', 'v'];
    expect(scoreQuery(relevant, hits, 2)).toMatchObject({
      recall: 1,
      wholePrecision: 3 / 8,
      wholeRecall: 3 / 4,
      hits: 8,
    });
    // An empty answer is right when nothing is relevant, and wrong when something is.
    expect(scoreQuery(new Set(), [], 20)).toMatchObject({ wholePrecision: 1, wholeRecall: 1 });
    expect(scoreQuery(new Set(), ['x'], 20)).toMatchObject({ wholePrecision: 0, wholeRecall: 1 });
    expect(scoreQuery(new Set(['a']), [], 20)).toMatchObject({ wholePrecision: 0, wholeRecall: 0 });
  });

  it('summarises only queries that have relevant ads', () => {
    const score: QueryScore = {
      recall: 0,
      precision: 0,
      reciprocalRank: 0,
      zeroResults: false,
      wholePrecision: 0,
      wholeRecall: 1,
      hits: 5,
    };
    const summary = summarize([
      { relevant: 4, score: { ...score, recall: 1, precision: 1, reciprocalRank: 1, wholePrecision: 0.8 } },
      { relevant: 2, score: { ...score, zeroResults: true, wholeRecall: 0, hits: 0 } },
      { relevant: 0, score: { ...score, recall: 1, precision: 1, zeroResults: true, wholePrecision: 1 } },
    ]);
    expect(summary).toEqual({
      queries: 2,
      recallAtK: 0.5,
      precisionAt5: 0.5,
      mrr: 0.5,
      zeroResultRate: 0.5,
      zeroWithRelevant: 1,
      wholePrecision: 0.4,
      minWholePrecision: 0,
      wholeRecall: 0.5,
    });
  });
});

describe('the judged query set', () => {
  const { queries } = JSON.parse(
    fs.readFileSync(new URL('./judged-queries.json', import.meta.url), 'utf8'),
  ) as { queries: JudgedQuery[] };

  it('has at least 300 distinct queries covering every kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(300);
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
      if ('word' in rule) {
        expect(rule.word.length).toBeGreaterThan(0);
        // Forms are whole words: a form with a stray space or a bit of a word would judge nothing.
        for (const form of [...rule.word, ...(rule.not ?? [])])
          expect(form).toMatch(/^[\p{L}\p{N}#+.-]+( [\p{L}\p{N}#+.-]+)*$/u);
      } else expect(rule.contains.length).toBeGreaterThan(0);
      for (const field of rule.in ?? []) expect(JUDGED_FIELDS).toContain(field);
    };
    for (const query of queries) check(query.relevant);
  });

  it('counts occupation queries by kind and by what their rule names', () => {
    const byText = new Map(queries.map((query) => [`${query.q}&${query.params ?? ''}`, query]));
    expect(isOccupationQuery(byText.get('lärare&')!)).toBe(true);
    expect(isOccupationQuery(byText.get('sjuksköterska göteborg&')!)).toBe(true);
    expect(isOccupationQuery(byText.get('goteborg&')!)).toBe(false);
    expect(isOccupationQuery(byText.get('java&')!)).toBe(false);
    expect(queries.filter(isOccupationQuery).length).toBeGreaterThanOrEqual(150);
  });
});
