import { describe, expect, it } from 'vitest';
import { quoteFilterValue } from '@jobbportalen/contracts';
import { compileJobQuery, filterExpressions } from './compile-job-query.js';

describe('compileJobQuery', () => {
  it('asks for the newest ads first when there is no text, 20 a page', () => {
    expect(compileJobQuery({})).toEqual({
      q: null,
      params: {
        filter: [],
        hitsPerPage: 20,
        page: 1,
        facets: ['vacancies'],
        sort: ['publishedTs:desc'],
        matchingStrategy: 'all',
      },
    });
  });

  it('leaves the order of a text search to the ranking rules, in the title fields when asked', () => {
    expect(compileJobQuery({ text: 'java', titleOnly: true, page: 3, pageSize: 5 })).toEqual({
      q: 'java',
      params: {
        filter: [],
        hitsPerPage: 5,
        page: 3,
        facets: ['vacancies'],
        attributesToSearchOn: ['title', 'titleFolded', 'terms'],
        matchingStrategy: 'all',
      },
    });
    // Without a text there is nothing to restrict.
    expect(compileJobQuery({ titleOnly: true }).params.attributesToSearchOn).toBeUndefined();
  });

  it('searches occupation words among the ads’ occupations and the other words as text', () => {
    expect(compileJobQuery({ text: 'java utvecklare', titleOnly: true })).toMatchObject({
      q: 'java',
      params: {
        filter: ['occupationKeys IN ["utvecklare"]'],
        attributesToSearchOn: ['title', 'titleFolded', 'terms'],
      },
    });
    // Nothing is left to search as text: the filter is the whole search.
    expect(compileJobQuery({ text: 'sjuksköterskor', city: 'Malmö' })).toMatchObject({
      q: null,
      params: { filter: ['location = "Malmö"', 'occupationKeys IN ["sjukskoterska", "ssk"]'] },
    });
    expect(compileJobQuery({ text: 'utvecklare', alsoMentions: true }).params.filter).toEqual([
      '(occupationKeys IN ["utvecklare"] OR mentionKeys IN ["utvecklare"])',
    ]);
    expect(compileJobQuery({ text: 'utvecklare', exact: true })).toMatchObject({
      q: 'utvecklare',
      params: { filter: [] },
    });
  });

  it('filters on the index attribute of each filter (city is location)', () => {
    expect(compileJobQuery({ mainCategory: 'IT', city: 'Malmö', form: 'Vikariat' }).params.filter).toEqual([
      'mainCategory = "IT"',
      'location = "Malmö"',
      'form = "Vikariat"',
    ]);
  });
});

describe('compileJobQuery: Publicerad, the yes/no filters and the order', () => {
  const NOW = Date.UTC(2026, 10, 24, 12, 30, 45);
  const MINUTE = Date.UTC(2026, 10, 24, 12, 30) / 1000;

  it('adds the publication window (from the current minute) and the flags after the facet filters', () => {
    expect(
      filterExpressions(
        { city: 'Lund', published: 3, experience: false, drivingLicence: false, remote: true },
        NOW,
      ),
    ).toEqual([
      'location = "Lund"',
      `publishedTs >= ${MINUTE - 3 * 86_400}`,
      'experienceRequired = false',
      'drivingLicenceRequired = false',
      'remote = true',
    ]);
  });

  it('sorts by the chosen order, text or not', () => {
    expect(compileJobQuery({ sort: 'deadline' }).params.sort).toEqual(['lastDateTs:asc', 'publishedTs:desc']);
    expect(compileJobQuery({ text: 'kock', sort: 'newest' }).params.sort).toEqual(['publishedTs:desc']);
    expect(compileJobQuery({ text: 'kock', sort: 'deadline' }).params.sort).toEqual([
      'lastDateTs:asc',
      'publishedTs:desc',
    ]);
    // Relevance sends no sort, with a text or without.
    expect(compileJobQuery({ sort: 'relevance' }).params.sort).toBeUndefined();
    expect(compileJobQuery({ text: 'kock' }).params.sort).toBeUndefined();
  });
});

describe('compileJobQuery: distance', () => {
  it('keeps the ads within the radius of a known place (default 30 km) or a position', () => {
    expect(filterExpressions({ near: 'Malmö' })).toEqual(['_geoRadius(55.598, 13.006, 30000)']);
    expect(filterExpressions({ city: 'Lund', near: '57.71,11.97', radiusKm: 5 })).toEqual([
      'location = "Lund"',
      '_geoRadius(57.71, 11.97, 5000)',
    ]);
  });

  it("sorts 'Närmast' by the distance from the place, newest first at the same spot", () => {
    expect(compileJobQuery({ near: 'Göteborg', sort: 'distance' }).params.sort).toEqual([
      '_geoPoint(57.703,11.972):asc',
      'publishedTs:desc',
    ]);
    expect(compileJobQuery({ text: 'kock', near: '59.33,18.06', sort: 'distance' }).params.sort).toEqual([
      '_geoPoint(59.33,18.06):asc',
      'publishedTs:desc',
    ]);
    // A place without 'Närmast' keeps the default order; 'Närmast' without a place is the default.
    expect(compileJobQuery({ near: 'Göteborg' }).params.sort).toEqual(['publishedTs:desc']);
    expect(compileJobQuery({ text: 'kock', sort: 'distance' }).params.sort).toBeUndefined();
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
