import { describe, expect, it } from 'vitest';
import {
  buildJobsQuery,
  isResultsMode,
  jobsHref,
  needsPlaceLookup,
  parseJobsQuery,
  resolveSearchAlias,
} from './jobs-url-state';

describe('parseJobsQuery', () => {
  it('reads the spec parameters and the extra filters', () => {
    expect(
      parseJobsQuery(
        '?search=kock&mainCategory=V%C3%A5rd&city=Malm%C3%B6&extent=Heltid&form=Vikariat&titleOnly=true&page=3',
      ),
    ).toEqual({
      search: 'kock',
      mainCategory: 'Vård',
      city: 'Malmö',
      extent: 'Heltid',
      form: 'Vikariat',
      titleOnly: true,
      page: 3,
    });
  });

  it('drops blank values, unknown keys and impossible pages', () => {
    expect(parseJobsQuery('search=%20%20&foo=bar&page=0')).toEqual({});
    expect(parseJobsQuery('page=1')).toEqual({});
    expect(parseJobsQuery('page=2.5&titleOnly=nej')).toEqual({});
    expect(parseJobsQuery('')).toEqual({});
  });

  it('trims what the visitor typed', () => {
    expect(parseJobsQuery('search=+lärare+')).toEqual({ search: 'lärare' });
  });
});

describe('buildJobsQuery', () => {
  it('writes parameters in a stable order and leaves out page 1', () => {
    expect(buildJobsQuery({ page: 1, city: 'Göteborg', search: 'sjuksköterska' })).toBe(
      'search=sjuksk%C3%B6terska&city=G%C3%B6teborg',
    );
  });

  it('round-trips through parseJobsQuery', () => {
    const route = { search: 'C# & .NET', mainCategory: 'IT', titleOnly: true, page: 4 };
    expect(parseJobsQuery(buildJobsQuery(route))).toEqual(route);
  });

  it('gives the bare path for the plain browser', () => {
    expect(jobsHref({})).toBe('/jobb');
    expect(jobsHref({ mainCategory: 'Sälj' })).toBe('/jobb?mainCategory=S%C3%A4lj');
  });
});

describe('isResultsMode', () => {
  it('is browse mode without filters', () => {
    expect(isResultsMode({})).toBe(false);
    expect(isResultsMode({ page: 2, titleOnly: true })).toBe(false);
  });

  it('is results mode with any filter or a search', () => {
    expect(isResultsMode({ search: 'kock' })).toBe(true);
    expect(isResultsMode({ extent: 'Deltid' })).toBe(true);
  });
});

describe('resolveSearchAlias', () => {
  it('turns a main category name into the mainCategory filter, any case', () => {
    expect(resolveSearchAlias({ search: 'vård' }, [])).toEqual({ mainCategory: 'Vård' });
    expect(resolveSearchAlias({ search: 'it', city: 'Malmö' }, [])).toEqual({
      mainCategory: 'IT',
      city: 'Malmö',
    });
  });

  it('turns a popular city into the city filter without needing the place list', () => {
    expect(resolveSearchAlias({ search: 'GÖTEBORG' }, [])).toEqual({ city: 'Göteborg' });
    expect(resolveSearchAlias({ search: 'distans' }, [])).toEqual({ city: 'Distans' });
  });

  it('turns any known place into the city filter', () => {
    expect(resolveSearchAlias({ search: 'kiruna', page: 2 }, ['Luleå', 'Kiruna'])).toEqual({
      city: 'Kiruna',
      page: 2,
    });
  });

  it('keeps ordinary search terms and filters already chosen', () => {
    const plain = { search: 'snickare' };
    expect(resolveSearchAlias(plain, ['Kiruna'])).toBe(plain);
    const withCity = { search: 'Malmö', city: 'Lund' };
    expect(resolveSearchAlias(withCity, [])).toBe(withCity);
    expect(resolveSearchAlias({}, [])).toEqual({});
  });
});

describe('needsPlaceLookup', () => {
  it('asks for the place list only for an unresolved search without a city', () => {
    expect(needsPlaceLookup({ search: 'kiruna' })).toBe(true);
    expect(needsPlaceLookup({ search: 'stockholm' })).toBe(false);
    expect(needsPlaceLookup({ search: 'ekonomi' })).toBe(false);
    expect(needsPlaceLookup({ search: 'kiruna', city: 'Luleå' })).toBe(false);
    expect(needsPlaceLookup({ city: 'Luleå' })).toBe(false);
  });
});
