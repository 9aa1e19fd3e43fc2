import { describe, expect, it } from 'vitest';
import { countsFor } from './browse-counts';

describe('countsFor', () => {
  it('keeps the given order and fills in missing names with 0', () => {
    expect(
      countsFor(
        ['Stockholm', 'Göteborg', 'Malmö', 'Distans'],
        [
          { _id: 'Malmö', count: 12 },
          { _id: 'Stockholm', count: 340 },
          { _id: 'Uppsala', count: 7 },
        ],
      ),
    ).toEqual([
      { name: 'Stockholm', count: 340 },
      { name: 'Göteborg', count: 0 },
      { name: 'Malmö', count: 12 },
      { name: 'Distans', count: 0 },
    ]);
  });

  it('matches names without regard to case', () => {
    expect(countsFor(['Vård'], [{ _id: 'vård', count: 3 }])).toEqual([{ name: 'Vård', count: 3 }]);
  });

  it('treats a failed or malformed answer as all zeros', () => {
    expect(countsFor(['IT', 'Sälj'], null)).toEqual([
      { name: 'IT', count: 0 },
      { name: 'Sälj', count: 0 },
    ]);
    expect(countsFor(['IT'], [{ _id: 'IT' }, 'skräp', null])).toEqual([{ name: 'IT', count: 0 }]);
  });
});
