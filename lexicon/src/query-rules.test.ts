import { describe, expect, it } from 'vitest';
import { queryRules } from './query-rules.js';
import {
  describeInterpretation,
  needsKnownCities,
  resolveJobQuery,
  understandJobQuery,
} from '@jobbportalen/contracts';
import type { JobQuery } from '@jobbportalen/contracts';

const cities = ['Göteborg', 'Malmö', 'Stockholm', 'Distans', 'Umeå', 'Upplands Väsby', 'Vara', 'Lund'];
const understand = (text: string, rest: JobQuery = {}) =>
  resolveJobQuery({ text, ...rest }, cities, queryRules());

describe('understandJobQuery: texts typed the way Swedes type them', () => {
  it('splits job-word compounds through the stem table, into a word or a filter', () => {
    expect(understand('lärarjobb')).toEqual({ text: 'lärare' });
    expect(understand('säljjobb')).toEqual({ text: 'säljare' });
    expect(understand('it-jobb')).toEqual({ mainCategory: 'IT' });
    expect(understand('IT-jobb')).toEqual({ mainCategory: 'IT' });
    expect(understand('sjuksköterskejobb')).toEqual({ text: 'sjuksköterska' });
    expect(understand('deltidsjobb')).toEqual({ extent: 'Deltid' });
    expect(understand('lararjobb')).toEqual({ text: 'lärare' });
  });

  it('reads a stem the table does not list as its own word, losing a linking s', () => {
    expect(understand('kockjobb')).toEqual({ text: 'kock' });
    expect(understand('bemanningsjobb')).toEqual({ text: 'bemanning' });
    expect(understand('lager-jobb')).toEqual({ text: 'lager' });
  });

  it("reads 'sommarjobb' as the feed's employment form for summer jobs, and takes the place", () => {
    expect(understand('sommarjobb göteborg')).toEqual({ form: 'Sommarjobb / feriejobb', city: 'Göteborg' });
    expect(understand('feriejobb')).toEqual({ form: 'Sommarjobb / feriejobb' });
  });

  it('keeps compounds that name a kind of job', () => {
    expect(understand('extrajobb')).toEqual({ text: 'extrajobb' });
    expect(understand('helgjobb malmö')).toEqual({ text: 'helgjobb', city: 'Malmö' });
    expect(understandJobQuery({ text: 'extrajobb' }, cities, queryRules()).interpretation).toBeUndefined();
  });

  it('turns phrases into text, place and extent', () => {
    expect(understand('jobb som kock i malmö')).toEqual({ text: 'kock', city: 'Malmö' });
    expect(understand('deltidsjobb som barnskötare')).toEqual({ text: 'barnskötare', extent: 'Deltid' });
    expect(understand('lärare stockholm')).toEqual({ text: 'lärare', city: 'Stockholm' });
    expect(understand('stockholm lärare')).toEqual({ text: 'lärare', city: 'Stockholm' });
    expect(understand('jobb i umea')).toEqual({ city: 'Umeå' });
    expect(understand('arbete i Malmö')).toEqual({ city: 'Malmö' });
    expect(understand('arbete som städare')).toEqual({ text: 'städare' });
    expect(understand('lärarjobb malmö')).toEqual({ text: 'lärare', city: 'Malmö' });
    expect(understand('lediga jobb upplands väsby')).toEqual({ city: 'Upplands Väsby' });
    expect(understand('deltid')).toEqual({ extent: 'Deltid' });
    expect(understand('heltid')).toEqual({ extent: 'Heltid' });
    expect(understand('säljare deltid göteborg')).toEqual({
      text: 'säljare',
      extent: 'Deltid',
      city: 'Göteborg',
    });
    expect(understand('it jobb')).toEqual({ mainCategory: 'IT' });
    expect(understand('vård jobb i lund')).toEqual({ mainCategory: 'Vård', city: 'Lund' });
  });

  it('tells how the text was understood', () => {
    expect(understandJobQuery({ text: 'lärarjobb malmö' }, cities, queryRules())).toEqual({
      query: { text: 'lärare', city: 'Malmö' },
      interpretation: { typed: 'lärarjobb malmö', text: 'lärare', city: 'Malmö' },
    });
  });

  it('says how in a sentence built from the understood parts', () => {
    const sentence = (text: string) => {
      const { interpretation } = understandJobQuery({ text }, cities, queryRules());
      return interpretation ? describeInterpretation(interpretation) : null;
    };
    expect(sentence('lärarjobb malmö')).toBe('Visar jobb som lärare i Malmö');
    expect(sentence('jobb som kock i malmö')).toBe('Visar jobb som kock i Malmö');
    expect(sentence('it-jobb')).toBe('Visar jobb inom IT');
    expect(sentence('deltidsjobb')).toBe('Visar jobb på deltid');
    expect(sentence('helgjobb distans')).toBe('Visar helgjobb på distans');
    expect(sentence('sommarjobb göteborg')).toBe('Visar jobb i Göteborg – Sommarjobb / feriejobb');
    expect(sentence('kock')).toBeNull();
  });

  it('never drops a word it does not understand', () => {
    expect(understand('socialt arbete')).toEqual({ text: 'socialt arbete' });
    expect(understand('arbete i team')).toEqual({ text: 'arbete i team' });
    expect(understand('lediga jobb')).toEqual({ text: 'lediga jobb' });
    expect(understand('jobb')).toEqual({ text: 'jobb' });
    expect(understand('jobb i')).toEqual({ text: 'jobb i' });
    expect(understand('java utvecklare')).toEqual({ text: 'java utvecklare' });
    // 'Vara' is a municipality and a word: a place only after 'i'.
    expect(understand('lärare vara')).toEqual({ text: 'lärare vara' });
    expect(understand('lärare i vara')).toEqual({ text: 'lärare', city: 'Vara' });
  });

  it('keeps a word whose filter the search already sets to something else', () => {
    expect(understand('lärare stockholm', { city: 'Malmö' })).toEqual({
      text: 'lärare stockholm',
      city: 'Malmö',
    });
    expect(understand('deltidsjobb', { extent: 'Heltid' })).toEqual({
      text: 'deltidsjobb',
      extent: 'Heltid',
    });
    expect(understand('lärare malmö', { city: 'Malmö' })).toEqual({ text: 'lärare', city: 'Malmö' });
  });

  it('leaves a text that is a live ad title as typed', () => {
    const rules = queryRules();
    expect(resolveJobQuery({ text: 'Sommarjobb Malmö' }, cities, rules, ['Sommarjobb Malmö'])).toEqual({
      text: 'Sommarjobb Malmö',
    });
    expect(resolveJobQuery({ text: 'kockjobb' }, cities, rules, ['Kockjobb'])).toEqual({ text: 'kockjobb' });
  });

  it('understands nothing with exact: the text is searched as typed, even a city', () => {
    expect(understand('lärarjobb malmö', { exact: true })).toEqual({ text: 'lärarjobb malmö', exact: true });
    expect(understand('göteborg', { exact: true })).toEqual({ text: 'göteborg', exact: true });
    expect(needsKnownCities({ text: 'lärare', exact: true })).toBe(false);
  });
});
