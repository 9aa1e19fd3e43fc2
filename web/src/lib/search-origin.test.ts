import { describe, expect, it } from 'vitest';
import { searchOriginOf } from './search-origin';

describe('searchOriginOf (the search an ad was opened from, read from history.state)', () => {
  it('reads a search address of ours, its query and page included', () => {
    expect(searchOriginOf({ searchOrigin: '/jobb' })).toBe('/jobb');
    expect(searchOriginOf({ searchOrigin: '/jobb?search=l%C3%A4rare&city=Lund&page=3' })).toBe(
      '/jobb?search=l%C3%A4rare&city=Lund&page=3',
    );
  });

  it('gives null for anything that is not one: no state, another path, another site', () => {
    for (const state of [
      null,
      undefined,
      'searchOrigin',
      {},
      { searchOrigin: 42 },
      { searchOrigin: '/jobb/123' },
      { searchOrigin: '/jobbannonser' },
      { searchOrigin: '//evil.example/jobb' },
      { searchOrigin: 'https://evil.example/jobb?x=1' },
      { searchOrigin: '/login?next=/jobb' },
      { searchOrigin: `/jobb?search=${'a'.repeat(2000)}` },
    ]) {
      expect(searchOriginOf(state)).toBeNull();
    }
  });
});
