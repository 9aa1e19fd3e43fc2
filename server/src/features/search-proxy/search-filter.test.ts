import { describe, expect, it } from 'vitest';
import { assertFilterWithinLimits, assertJobSearchAttributes, countConditions } from './search-filter.js';

describe('countConditions', () => {
  it.each([
    ['', 0],
    ['mainCategory = IT', 1],
    ['mainCategory = IT AND location != "Malmö"', 2],
    ['publishedTs >= 10 AND publishedTs < 20 OR vacancies 1 TO 5', 3],
    ['location IN ["Göteborg", "Malmö", Umeå]', 3],
    ['remote EXISTS AND company IS NOT NULL AND title IS EMPTY', 3],
    ['_geoRadius(59.3, 18.0, 5000)', 1],
    ['title CONTAINS "a = b" AND title STARTS WITH "x > y"', 2],
    ["company = 'O\\'Neil = AB'", 1],
  ])('%j has %i condition(s)', (filter, count) => {
    expect(countConditions(filter)).toBe(count);
  });
});

describe('assertFilterWithinLimits', () => {
  it('accepts nothing, a string, and the nested arrays instant-meilisearch sends', () => {
    expect(() => assertFilterWithinLimits(undefined)).not.toThrow();
    expect(() => assertFilterWithinLimits(['a = 1', ['b = 2', 'b = 3']])).not.toThrow();
  });

  it('refuses more than 50 conditions and more than 2,000 characters in all', () => {
    const conditions = Array.from({ length: 51 }, (_, i) => `vacancies = ${i}`);
    expect(() => assertFilterWithinLimits([conditions.slice(0, 30), conditions.slice(30)])).toThrow(
      /villkor/,
    );
    expect(() => assertFilterWithinLimits(conditions.slice(0, 50))).not.toThrow();
    expect(() => assertFilterWithinLimits(['x'.repeat(1_000), 'y'.repeat(1_001)])).toThrow(/för stort/);
  });
});

describe('assertJobSearchAttributes', () => {
  it('accepts the job search’s facets and title fields', () => {
    expect(() =>
      assertJobSearchAttributes({
        facets: ['mainCategory', 'location', 'extent', 'form'],
        attributesToSearchOn: ['title', 'titleFolded', 'terms'],
      }),
    ).not.toThrow();
    expect(() =>
      assertJobSearchAttributes({ facetName: 'location', attributesToSearchOn: null }),
    ).not.toThrow();
    expect(() => assertJobSearchAttributes({})).not.toThrow();
  });

  it('refuses other facets and searched fields', () => {
    expect(() => assertJobSearchAttributes({ facets: ['location', 'company'] })).toThrow(/räkna jobb per/);
    expect(() => assertJobSearchAttributes({ facetName: 'title' })).toThrow(/räkna jobb per/);
    expect(() => assertJobSearchAttributes({ attributesToSearchOn: ['title', 'description'] })).toThrow(
      /jobbtiteln/,
    );
  });
});
