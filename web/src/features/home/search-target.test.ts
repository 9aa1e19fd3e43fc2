import { describe, expect, it } from 'vitest';
import { jobSearchHref, nextActiveIndex } from './search-target';

describe('jobSearchHref', () => {
  it('sends a term to /jobb?search=term, encoded', () => {
    expect(jobSearchHref('Göteborg')).toBe('/jobb?search=G%C3%B6teborg');
    expect(jobSearchHref('  lärare & kock ')).toBe('/jobb?search=l%C3%A4rare%20%26%20kock');
  });

  it('sends an empty search to /jobb', () => {
    expect(jobSearchHref('')).toBe('/jobb');
    expect(jobSearchHref('   ')).toBe('/jobb');
  });
});

describe('nextActiveIndex', () => {
  it('starts at the first option going down and the last going up', () => {
    expect(nextActiveIndex(-1, 5, 1)).toBe(0);
    expect(nextActiveIndex(-1, 5, -1)).toBe(4);
  });

  it('wraps around at both ends', () => {
    expect(nextActiveIndex(4, 5, 1)).toBe(0);
    expect(nextActiveIndex(0, 5, -1)).toBe(4);
    expect(nextActiveIndex(2, 5, 1)).toBe(3);
  });

  it('has nothing to highlight in an empty list', () => {
    expect(nextActiveIndex(3, 0, 1)).toBe(-1);
  });
});
