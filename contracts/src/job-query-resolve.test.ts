import { describe, expect, it } from 'vitest';
import { findKnown } from './known-name.js';
import { needsKnownCities, resolveJobQuery } from './job-query-resolve.js';
import { parseJobQuery, serializeJobQuery } from './job-query-url.js';

const cities = ['Göteborg', 'Malmö', 'Stockholm', 'Distans', 'Umeå', 'Kiruna', 'Luleå'];

describe('resolveJobQuery', () => {
  it('turns a text naming a city or main category into that filter, ignoring case and å/ä/ö', () => {
    expect(resolveJobQuery({ text: 'göteborg' }, cities)).toEqual({ city: 'Göteborg' });
    expect(resolveJobQuery({ text: 'Goteborg' }, cities)).toEqual({ city: 'Göteborg' });
    expect(resolveJobQuery({ text: 'MALMO' }, cities)).toEqual({ city: 'Malmö' });
    expect(resolveJobQuery({ text: 'umea' }, cities)).toEqual({ city: 'Umeå' });
    expect(resolveJobQuery({ text: 'vard' }, cities)).toEqual({ mainCategory: 'Vård' });
    expect(resolveJobQuery({ text: 'it', city: 'Malmö' }, cities)).toEqual({
      mainCategory: 'IT',
      city: 'Malmö',
    });
  });

  it('knows the popular cities without a list, and keeps the rest of the search', () => {
    expect(resolveJobQuery({ text: 'GÖTEBORG' }, [])).toEqual({ city: 'Göteborg' });
    expect(resolveJobQuery({ text: 'distans', titleOnly: true }, [])).toEqual({
      city: 'Distans',
      titleOnly: true,
    });
    expect(resolveJobQuery({ text: 'kiruna', page: 2 }, cities)).toEqual({ city: 'Kiruna', page: 2 });
  });

  it('leaves the text alone when the filter is already set to something else', () => {
    expect(resolveJobQuery({ text: 'it', mainCategory: 'IT' }, cities)).toEqual({ mainCategory: 'IT' });
    expect(resolveJobQuery({ text: 'it', mainCategory: 'Sälj' }, cities)).toEqual({
      text: 'it',
      mainCategory: 'Sälj',
    });
    expect(resolveJobQuery({ text: 'Göteborg', city: 'Malmö' }, cities)).toEqual({
      text: 'Göteborg',
      city: 'Malmö',
    });
    expect(resolveJobQuery({ text: 'malmo', city: 'Malmö' }, cities)).toEqual({ city: 'Malmö' });
  });

  it('keeps ordinary texts and gives a city filter the index’s spelling', () => {
    expect(resolveJobQuery({ text: 'lärare göteborg' }, cities)).toEqual({ text: 'lärare göteborg' });
    expect(resolveJobQuery({ text: 'snickare' }, cities)).toEqual({ text: 'snickare' });
    expect(resolveJobQuery({ city: 'stockholm' }, cities)).toEqual({ city: 'Stockholm' });
    expect(resolveJobQuery({ city: 'lulea' }, cities)).toEqual({ city: 'Luleå' });
    expect(resolveJobQuery({ city: 'Atlantis' }, cities)).toEqual({ city: 'Atlantis' });
    expect(resolveJobQuery({}, cities)).toEqual({});
  });

  it('does not change the query it is given', () => {
    const query = { text: 'malmö' };
    resolveJobQuery(query, cities);
    expect(query).toEqual({ text: 'malmö' });
  });
});

describe('needsKnownCities', () => {
  it('asks for the place list only when the popular cities cannot decide', () => {
    expect(needsKnownCities({ text: 'kiruna' })).toBe(true);
    expect(needsKnownCities({ city: 'lulea' })).toBe(true);
    expect(needsKnownCities({ text: 'stockholm' })).toBe(false);
    expect(needsKnownCities({ text: 'ekonomi' })).toBe(false);
    expect(needsKnownCities({ city: 'malmo', mainCategory: 'IT' })).toBe(false);
    expect(needsKnownCities({})).toBe(false);
  });
});

describe('findKnown', () => {
  it('prefers the exact spelling and refuses an ambiguous folded one', () => {
    expect(findKnown('ÅRE', ['Åre', 'Are'])).toBe('Åre');
    expect(findKnown('are', ['Åre', 'Are'])).toBe('Are');
    expect(findKnown('ARË', ['Åre', 'Are'])).toBeNull();
    expect(findKnown('orebro', ['Örebro'])).toBe('Örebro');
    expect(findKnown('', ['Örebro'])).toBeNull();
  });
});

describe('exact', () => {
  it('is read from exact=true only with a text, and written back', () => {
    expect(parseJobQuery('search=l%C3%A4rarjobb&exact=true')).toEqual({ text: 'lärarjobb', exact: true });
    expect(parseJobQuery('exact=true&city=Malm%C3%B6')).toEqual({ city: 'Malmö' });
    expect(parseJobQuery('search=kock&exact=false')).toEqual({ text: 'kock' });
    expect(serializeJobQuery({ text: 'lärarjobb malmö', exact: true })).toBe(
      'search=l%C3%A4rarjobb%20malm%C3%B6&exact=true',
    );
  });

  it('turns the text-is-a-filter rule off, keeping the city spelling rule', () => {
    expect(resolveJobQuery({ text: 'göteborg', exact: true }, cities)).toEqual({
      text: 'göteborg',
      exact: true,
    });
    expect(resolveJobQuery({ text: 'it', city: 'malmo', exact: true }, cities)).toEqual({
      text: 'it',
      city: 'Malmö',
      exact: true,
    });
  });
});
