import { describe, expect, it } from 'vitest';
import { jobConditionExpressions } from './job-query-conditions.js';
import {
  canonicalNear,
  distanceKmBetween,
  hitDistanceKm,
  isNearPosition,
  nearPlaceNames,
  nearPoint,
} from './job-query-distance.js';
import { jobSortRules } from './job-query.js';
import { describeJobQuery, savedJobQueryOf } from './saved-search.js';

describe('places and positions', () => {
  it('knows every municipality, Salem included, with its coordinates', () => {
    expect(nearPlaceNames()).toHaveLength(290);
    expect(nearPoint('Malmö')).toEqual({ lat: 55.598, lng: 13.006 });
    expect(nearPoint('Salem')).toEqual({ lat: 59.194, lng: 17.752 });
    expect(nearPoint('57.71,11.97')).toEqual({ lat: 57.71, lng: 11.97 });
    expect(nearPoint('Atlantis')).toBeNull();
    expect(nearPoint(undefined)).toBeNull();
  });

  it('gives a place its spelling and a position 2 decimals', () => {
    expect(canonicalNear(' örebro ')).toBe('Örebro');
    expect(canonicalNear('57.708711,11.974560')).toBe('57.71,11.97');
    expect(canonicalNear('Stockholms stad')).toBeUndefined();
    expect(canonicalNear('')).toBeUndefined();
    expect(isNearPosition('57.71,11.97')).toBe(true);
    expect(isNearPosition('Malmö')).toBe(false);
  });

  it('measures great-circle distances in km', () => {
    // Malmö–Lund by the taxonomy's coordinates: 17.1 km.
    expect(distanceKmBetween({ lat: 55.59765, lng: 13.00553 }, { lat: 55.70818, lng: 13.19517 })).toBeCloseTo(
      17.11,
      1,
    );
    expect(distanceKmBetween({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20_015, -1);
  });

  it("takes a hit's distance from Meilisearch's _geoDistance, else from its _geo", () => {
    expect(hitDistanceKm({ _geoDistance: 12_345 }, { near: 'Malmö' })).toBe(12.3);
    expect(hitDistanceKm({ _geo: { lat: 55.708, lng: 13.195 } }, { near: 'Malmö' })).toBeCloseTo(17.1, 0);
    expect(hitDistanceKm({ _geo: { lat: 55.708, lng: 13.195 } }, {})).toBeUndefined();
    expect(hitDistanceKm({}, { near: 'Malmö' })).toBeUndefined();
  });
});

describe('the distance as a search condition and an order', () => {
  it('is a _geoRadius in metres around the place, 30 km by default', () => {
    expect(jobConditionExpressions({ near: 'Göteborg' })).toEqual(['_geoRadius(57.703, 11.972, 30000)']);
    expect(jobConditionExpressions({ remote: true, near: '59.33,18.06', radiusKm: 5 })).toEqual([
      'remote = true',
      '_geoRadius(59.33, 18.06, 5000)',
    ]);
    // A radius alone, or an unknown place, is no condition.
    expect(jobConditionExpressions({ radiusKm: 50 })).toEqual([]);
    expect(jobConditionExpressions({ near: 'Atlantis' })).toEqual([]);
  });

  it("sorts 'Närmast' by _geoPoint, and falls back to the default order without a place", () => {
    expect(jobSortRules({ near: 'Lund', sort: 'distance' })).toEqual([
      '_geoPoint(55.708,13.195):asc',
      'publishedTs:desc',
    ]);
    expect(jobSortRules({ sort: 'distance' })).toEqual(['publishedTs:desc']);
    expect(jobSortRules({ text: 'kock', sort: 'distance' })).toEqual([]);
    expect(jobSortRules({ near: 'Lund' })).toEqual(['publishedTs:desc']);
  });
});

describe('saved searches with a distance', () => {
  it('keep the place and radius but not the order', () => {
    expect(savedJobQueryOf({ near: 'Malmö', radiusKm: 10, sort: 'distance' })).toEqual({
      near: 'Malmö',
      radiusKm: 10,
    });
  });

  it('describe the distance in Swedish', () => {
    expect(describeJobQuery({ near: 'Malmö' })).toBe('inom 30 km från Malmö');
    expect(describeJobQuery({ text: 'lärare', near: 'Lund', radiusKm: 10, remote: true })).toBe(
      '”lärare”, inom 10 km från Lund, distans',
    );
    expect(describeJobQuery({ near: '57.71,11.97', radiusKm: 5 })).toBe('nära min position (inom 5 km)');
  });
});
