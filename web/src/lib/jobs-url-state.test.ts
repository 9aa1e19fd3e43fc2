import { describe, expect, it } from 'vitest';
import { isResultsMode, jobsHref, parseJobsQuery, resolveEntryRoute } from './jobs-url-state';

describe('parseJobsQuery', () => {
  it('reads the spec parameters and the extra filters', () => {
    expect(
      parseJobsQuery(
        '?search=kock&mainCategory=V%C3%A5rd&city=Malm%C3%B6&extent=Heltid&form=Vikariat&titleOnly=true&page=3',
      ),
    ).toEqual({
      text: 'kock',
      mainCategory: 'Vård',
      city: 'Malmö',
      extent: 'Heltid',
      form: 'Vikariat',
      titleOnly: true,
      page: 3,
    });
  });

  it('drops blank values, unknown keys, impossible pages and the API’s page size', () => {
    expect(parseJobsQuery('search=%20%20&foo=bar&page=0')).toEqual({});
    expect(parseJobsQuery('page=1')).toEqual({});
    expect(parseJobsQuery('page=2.5&titleOnly=nej')).toEqual({});
    expect(parseJobsQuery('limit=5')).toEqual({});
    expect(parseJobsQuery('')).toEqual({});
  });

  it('trims what the visitor typed', () => {
    expect(parseJobsQuery('search=+lärare+')).toEqual({ text: 'lärare' });
  });
});

describe('jobsHref', () => {
  it('writes parameters in a stable order and leaves out page 1', () => {
    expect(jobsHref({ page: 1, city: 'Göteborg', text: 'sjuksköterska' })).toBe(
      '/jobb?search=sjuksk%C3%B6terska&city=G%C3%B6teborg',
    );
  });

  it('round-trips through parseJobsQuery', () => {
    const route = { text: 'C# & .NET', mainCategory: 'IT' as const, titleOnly: true, page: 4 };
    expect(parseJobsQuery(jobsHref(route).split('?')[1]!)).toEqual(route);
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
    expect(isResultsMode({ text: 'kock' })).toBe(true);
    expect(isResultsMode({ extent: 'Deltid' })).toBe(true);
  });
});

describe('resolveEntryRoute', () => {
  it('turns a main category name into the mainCategory filter, any case', () => {
    expect(resolveEntryRoute({ text: 'vård' }, { places: [] })).toEqual({ mainCategory: 'Vård' });
    expect(resolveEntryRoute({ text: 'it', city: 'Malmö' }, { places: [] })).toEqual({
      mainCategory: 'IT',
      city: 'Malmö',
    });
  });

  it('turns a popular city into the city filter without needing the place list', () => {
    expect(resolveEntryRoute({ text: 'GÖTEBORG' }, { places: [] })).toEqual({ city: 'Göteborg' });
    expect(resolveEntryRoute({ text: 'distans' }, { places: [] })).toEqual({ city: 'Distans' });
  });

  it('turns any known place into the city filter, as /api/jobs does: ignoring å/ä/ö', () => {
    expect(resolveEntryRoute({ text: 'kiruna', page: 2 }, { places: ['Luleå', 'Kiruna'] })).toEqual({
      city: 'Kiruna',
      page: 2,
    });
    expect(resolveEntryRoute({ text: 'Goteborg' }, { places: [] })).toEqual({ city: 'Göteborg' });
    expect(resolveEntryRoute({ text: 'lulea' }, { places: ['Luleå', 'Kiruna'] })).toEqual({ city: 'Luleå' });
  });

  it('keeps ordinary search terms and filters already chosen', () => {
    expect(resolveEntryRoute({ text: 'snickare' }, { places: ['Kiruna'] })).toEqual({ text: 'snickare' });
    expect(resolveEntryRoute({ text: 'Malmö', city: 'Lund' }, { places: [] })).toEqual({
      text: 'Malmö',
      city: 'Lund',
    });
    expect(resolveEntryRoute({}, { places: [] })).toEqual({});
  });
});
