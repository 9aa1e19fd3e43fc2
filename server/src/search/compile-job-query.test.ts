import { describe, expect, it } from 'vitest';
import { compileJobQuery, filterExpressions, quoteFilterValue } from './compile-job-query.js';

describe('compileJobQuery', () => {
  it('asks for the newest ads first when there is no text, 20 a page', () => {
    expect(compileJobQuery({})).toEqual({
      q: null,
      params: { filter: [], hitsPerPage: 20, page: 1, facets: ['vacancies'], sort: ['publishedTs:desc'] },
    });
  });

  it('leaves the order of a text search to the ranking rules, in the title fields when asked', () => {
    expect(compileJobQuery({ text: 'utvecklare', titleOnly: true, page: 3, pageSize: 5 })).toEqual({
      q: 'utvecklare',
      params: {
        filter: [],
        hitsPerPage: 5,
        page: 3,
        facets: ['vacancies'],
        attributesToSearchOn: ['title', 'titleFolded', 'terms'],
      },
    });
    // Without a text there is nothing to restrict.
    expect(compileJobQuery({ titleOnly: true }).params.attributesToSearchOn).toBeUndefined();
  });

  it('filters on the index attribute of each filter (city is location)', () => {
    expect(compileJobQuery({ mainCategory: 'IT', city: 'Malmö', form: 'Vikariat' }).params.filter).toEqual([
      'mainCategory = "IT"',
      'location = "Malmö"',
      'form = "Vikariat"',
    ]);
  });
});

describe('filter building', () => {
  it('quotes values so quotes and backslashes stay inside them', () => {
    expect(quoteFilterValue('Sankt "Quote" by')).toBe('"Sankt \\"Quote\\" by"');
    expect(quoteFilterValue('a\\')).toBe('"a\\\\"');
    expect(filterExpressions({ mainCategory: 'IT', city: 'Malmö', extent: 'Heltid' })).toEqual([
      'mainCategory = "IT"',
      'location = "Malmö"',
      'extent = "Heltid"',
    ]);
  });
});
