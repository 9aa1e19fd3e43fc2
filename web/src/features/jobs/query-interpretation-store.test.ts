import { describe, expect, it } from 'vitest';
import { interpretationOf, rememberInterpretation } from './query-interpretation-store';

describe('the interpretations remembered for the expansion sentence', () => {
  const typed = { typed: 'lärarjobb malmö', text: 'lärare', city: 'Malmö' };

  it('finds a search by what it became, on any page of it', () => {
    rememberInterpretation({ text: 'lärare', city: 'Malmö' }, typed);
    expect(interpretationOf({ text: 'lärare', city: 'Malmö', page: 3 })).toEqual(typed);
    expect(interpretationOf({ text: 'lärare' })).toBeUndefined();
  });

  it('forgets it when the same search is reached as typed', () => {
    rememberInterpretation(
      { text: 'kock', city: 'Malmö' },
      { typed: 'kockjobb malmö', text: 'kock', city: 'Malmö' },
    );
    rememberInterpretation({ text: 'kock', city: 'Malmö' }, undefined);
    expect(interpretationOf({ text: 'kock', city: 'Malmö' })).toBeUndefined();
  });
});
