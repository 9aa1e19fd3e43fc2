// Seeded draws for the benchmarks: the same seed gives the same corpus and the same question
// stream every run, so two runs differ only in what they measure.
import { Random } from '../../../feed-simulator/src/index.js';

/** A uniform draw in [0, 1) from the feed simulator's generator (mulberry32), seeded. */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}

/** A rank from 0 to n-1 drawn with probability ∝ 1/(rank+1)^s, as search logs repeat questions. */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) cumulative[rank] = total += 1 / Math.pow(rank + 1, s);
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
