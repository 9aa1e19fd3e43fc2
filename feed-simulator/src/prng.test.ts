import { describe, expect, it } from 'vitest';
import { hashInts, inversePermuteIndex, permuteIndex, Random, WeightedTable } from './prng.js';

describe('Random', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (random) => () =>
            random.next()
        )(new Random(seed)),
      );
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps int, between and sample inside their ranges', () => {
    const random = new Random(7);
    for (let i = 0; i < 1000; i++) {
      expect(random.int(3)).toBeLessThan(3);
      const value = random.between(5, 8);
      expect(value >= 5 && value <= 8).toBe(true);
    }
    const sample = random.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.sample([1, 2], 5)).toHaveLength(2);
  });
});

describe('hashInts', () => {
  it('separates neighbouring and swapped inputs, also above 2^32', () => {
    const hashes = new Set([
      hashInts(1, 2),
      hashInts(2, 1),
      hashInts(1, 3),
      hashInts(2 ** 33, 1),
      hashInts(1, 1),
    ]);
    expect(hashes.size).toBe(5);
  });
});

describe('WeightedTable', () => {
  it('picks in proportion to weight and never picks a zero weight', () => {
    const table = new WeightedTable<string>([
      ['common', 9],
      ['rare', 1],
      ['never', 0],
    ]);
    const random = new Random(1);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      const item = table.pick(random);
      counts[item] = (counts[item] ?? 0) + 1;
    }
    expect(counts.never).toBeUndefined();
    expect(counts.common! / 10_000).toBeGreaterThan(0.87);
    expect(counts.common! / 10_000).toBeLessThan(0.93);
  });
});

describe('permuteIndex', () => {
  it.each([1, 2, 3, 10, 1000, 4097])('is a bijection on [0, %i) that inversePermuteIndex undoes', (size) => {
    const seen = new Set<number>();
    for (let i = 0; i < size; i++) {
      const value = permuteIndex(i, size, 99);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(size);
      expect(inversePermuteIndex(value, size, 99)).toBe(i);
      seen.add(value);
    }
    expect(seen.size).toBe(size);
  });

  it('actually shuffles', () => {
    const firstTen = Array.from({ length: 10 }, (_, i) => permuteIndex(i, 1000, 5));
    expect(firstTen).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
