import { describe, expect, it } from 'vitest';
import {
  CONDITIONS_PARAM,
  conditionsFilter,
  conditionsOf,
  conditionsParam,
  sortedIndexName,
  withConditionFilters,
} from './job-conditions';

describe('the job browser’s conditions', () => {
  it('picks only the conditions out of a state', () => {
    expect(conditionsOf({ query: 'kock', menu: {}, remote: true, sort: 'deadline', page: 2 })).toEqual({
      remote: true,
      sort: 'deadline',
    });
  });

  it('gives the filter string /api/jobs uses, or none', () => {
    expect(conditionsFilter({})).toBeUndefined();
    expect(conditionsFilter({ experience: false, remote: true })).toBe(
      'experienceRequired = false AND remote = true',
    );
    expect(conditionsFilter({ published: 1 })).toMatch(/^publishedTs >= \d+$/);
  });

  it('names the order in the index name as a sort-by widget does', () => {
    expect(sortedIndexName('jobs', {})).toBe('jobs');
    expect(sortedIndexName('jobs:lastDateTs:asc', {})).toBe('jobs');
    expect(sortedIndexName('jobs', { sort: 'deadline' })).toBe('jobs:lastDateTs:asc,publishedTs:desc');
    expect(sortedIndexName('jobs', { sort: 'newest' })).toBe('jobs:publishedTs:desc');
    // Relevance: an empty list of rules, so the client adds no default sort.
    expect(sortedIndexName('jobs', { sort: 'relevance' })).toBe('jobs:');
  });

  it('travel to the client in URL form and become the filter when the request is sent', () => {
    expect(conditionsParam({})).toBeUndefined();
    expect(conditionsParam({ sort: 'deadline' })).toBeUndefined();
    const carried = conditionsParam({ remote: true, published: 7, sort: 'deadline' });
    expect(carried).toBe('published=7&remote=true');
    const before = Math.floor(Date.now() / 60_000) * 60 - 7 * 86_400;
    const sent = withConditionFilters({
      indexName: 'jobs',
      params: { query: 'kock', facetFilters: [['location:Lund']], [CONDITIONS_PARAM]: carried },
    });
    const after = Math.floor(Date.now() / 60_000) * 60 - 7 * 86_400;
    expect(sent.params).not.toHaveProperty(CONDITIONS_PARAM);
    expect(sent.params).toMatchObject({ query: 'kock', facetFilters: [['location:Lund']] });
    expect([
      `publishedTs >= ${before} AND remote = true`,
      `publishedTs >= ${after} AND remote = true`,
    ]).toContain(sent.params?.filters);
    // A request without conditions is sent as it is.
    const plain = { indexName: 'jobs', params: { query: 'kock' } };
    expect(withConditionFilters(plain)).toBe(plain);
  });

  it('carry the distance as the place, and send it as a _geoRadius and a _geoPoint order', () => {
    const conditions = { near: 'Malmö', radiusKm: 10, sort: 'distance' } as const;
    expect(conditionsOf({ query: 'kock', ...conditions })).toEqual(conditions);
    const carried = conditionsParam(conditions);
    expect(carried).toBe('near=Malm%C3%B6&radiusKm=10');
    const sent = withConditionFilters({ indexName: 'jobs', params: { [CONDITIONS_PARAM]: carried } });
    expect(sent.params?.filters).toBe('_geoRadius(55.598, 13.006, 10000)');
    expect(sortedIndexName('jobs', conditions)).toBe('jobs:_geoPoint(55.598,13.006):asc,publishedTs:desc');
    expect(conditionsFilter({ near: '57.71,11.97' })).toBe('_geoRadius(57.71, 11.97, 30000)');
  });
});
