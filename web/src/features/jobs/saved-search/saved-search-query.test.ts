import { describe, expect, it } from 'vitest';
import { savedSearchKeyOf, savedSearchQueryOf } from './saved-search-query';

describe('savedSearchQueryOf', () => {
  it('names the fields as /api/jobs does, titleOnly as a boolean, without the page', () => {
    expect(
      savedSearchQueryOf({
        text: 'lärare',
        titleOnly: true,
        mainCategory: 'Vård',
        city: 'Göteborg',
        extent: 'Heltid',
        form: 'Vikariat',
        page: 3,
      }),
    ).toEqual({
      search: 'lärare',
      titleOnly: true,
      mainCategory: 'Vård',
      city: 'Göteborg',
      extent: 'Heltid',
      form: 'Vikariat',
    });
  });

  it('leaves out what is not set', () => {
    expect(savedSearchQueryOf({ city: 'Distans' })).toEqual({ city: 'Distans' });
    expect(savedSearchQueryOf({})).toEqual({});
  });
});

describe('savedSearchKeyOf', () => {
  it('is the same for the same search on another page, and differs for another search', () => {
    expect(savedSearchKeyOf({ text: 'kock', page: 2 })).toBe(savedSearchKeyOf({ text: 'kock' }));
    expect(savedSearchKeyOf({ text: 'kock' })).not.toBe(savedSearchKeyOf({ text: 'kock', city: 'Lund' }));
  });
});
