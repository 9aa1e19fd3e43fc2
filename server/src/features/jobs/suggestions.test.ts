import { describe, expect, it } from 'vitest';
import { pickSuggestions } from './suggestions.js';

const source = (...values: string[]) => values.map((value, i) => ({ value, count: 100 - i }));

describe('pickSuggestions', () => {
  const locations = source('Stockholm', 'Göteborg', 'Östersund');
  const categories = source('Data/IT', 'Hälso- och sjukvård');
  const titles = source('Javautvecklare', 'Utvecklare till Stockholm', 'Sjuksköterska', 'Sjukvårdsbiträde');

  it('matches a substring ignoring case and å/ä/ö', () => {
    expect(pickSuggestions('UTVECKLARE', [locations, categories, titles], 8)).toEqual([
      'Utvecklare till Stockholm',
      'Javautvecklare',
    ]);
    expect(pickSuggestions('goteb', [locations, categories, titles], 8)).toEqual(['Göteborg']);
    expect(pickSuggestions('ostersund', [locations], 8)).toEqual(['Östersund']);
  });

  it('ranks whole and leading matches first, then the spec order of sources, then frequency', () => {
    expect(pickSuggestions('sjuk', [locations, categories, titles], 8)).toEqual([
      'Sjuksköterska',
      'Sjukvårdsbiträde',
      'Hälso- och sjukvård',
    ]);
    expect(pickSuggestions('stockholm', [locations, categories, titles], 8)).toEqual([
      'Stockholm',
      'Utvecklare till Stockholm',
    ]);
  });

  it('caps the number, skips case duplicates and ignores blank queries', () => {
    expect(pickSuggestions('a', [locations, categories, titles], 3)).toHaveLength(3);
    expect(pickSuggestions('data', [source('Data/IT'), source('data/it')], 8)).toEqual(['Data/IT']);
    expect(pickSuggestions('  ', [locations], 8)).toEqual([]);
  });
});
