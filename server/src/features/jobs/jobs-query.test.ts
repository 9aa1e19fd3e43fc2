import { describe, expect, it } from 'vitest';
import { filterExpressions, findKnown, quoteFilterValue, resolveJobsQuery } from './jobs-query.js';
import { excerpt } from './search-hit-mapper.js';

const cities = ['Göteborg', 'Malmö', 'Stockholm', 'Distans'];

describe('resolveJobsQuery', () => {
  it('turns a search text naming a city or main category into that filter', () => {
    expect(resolveJobsQuery({ search: ' göteborg ' }, cities).filters).toMatchObject({
      search: null,
      city: 'Göteborg',
    });
    expect(resolveJobsQuery({ search: 'MALMO' }, cities).filters).toMatchObject({
      search: null,
      city: 'Malmö',
    });
    expect(resolveJobsQuery({ search: 'vard' }, cities).filters).toMatchObject({
      search: null,
      mainCategory: 'Vård',
    });
    expect(resolveJobsQuery({ search: 'it', mainCategory: 'IT' }, cities).filters).toMatchObject({
      search: null,
      mainCategory: 'IT',
    });
    expect(resolveJobsQuery({ search: 'it', mainCategory: 'Sälj' }, cities).filters).toMatchObject({
      search: 'it',
      mainCategory: 'Sälj',
    });
    expect(resolveJobsQuery({ search: 'Göteborg', city: 'Malmö' }, cities).filters.search).toBe('Göteborg');
    expect(resolveJobsQuery({ search: 'lärare göteborg' }, cities).filters.search).toBe('lärare göteborg');
  });

  it('gives a city parameter the index’s spelling', () => {
    expect(resolveJobsQuery({ city: 'stockholm' }, cities).filters.city).toBe('Stockholm');
    expect(resolveJobsQuery({ city: 'Atlantis' }, cities).filters.city).toBe('Atlantis');
  });

  it('clamps page and limit to what maxTotalHits allows', () => {
    expect(resolveJobsQuery({}, cities)).toMatchObject({ page: 1, limit: 20, titleOnly: false });
    expect(resolveJobsQuery({ page: -3, limit: 0 }, cities)).toMatchObject({ page: 1, limit: 1 });
    expect(resolveJobsQuery({ page: 1e9, limit: 1e6 }, cities)).toMatchObject({ page: 100, limit: 100 });
    expect(resolveJobsQuery({ page: 1e9 }, cities).page).toBe(500);
  });
});

describe('findKnown', () => {
  it('prefers the exact spelling and refuses an ambiguous folded one', () => {
    expect(findKnown('ÅRE', ['Åre', 'Are'])).toBe('Åre');
    expect(findKnown('are', ['Åre', 'Are'])).toBe('Are');
    expect(findKnown('ARË', ['Åre', 'Are'])).toBeNull();
  });
});

describe('filter building', () => {
  it('quotes values so quotes and backslashes stay inside them', () => {
    expect(quoteFilterValue('Sankt "Quote" by')).toBe('"Sankt \\"Quote\\" by"');
    expect(quoteFilterValue('a\\')).toBe('"a\\\\"');
    expect(filterExpressions({ mainCategory: 'IT', city: 'Malmö', extent: 'Heltid', form: null })).toEqual([
      'mainCategory = "IT"',
      'location = "Malmö"',
      'extent = "Heltid"',
    ]);
  });
});

describe('excerpt', () => {
  it('keeps short texts and cuts long ones at a word boundary', () => {
    expect(excerpt('Kort text.')).toBe('Kort text.');
    const long = 'ord '.repeat(200);
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(302);
    expect(cut.endsWith('ord …')).toBe(true);
  });
});
