// Everything the simulator produces is a pure function of a seed and small integers (ad index,
// event number), so any ad or change can be regenerated on demand instead of being kept in memory.

/** A 32-bit avalanche mix (the murmur3 finaliser): neighbouring inputs give unrelated outputs. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes a list of non-negative integers (each below 2^53) into one 32-bit value. */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    const high = Math.floor(value / 0x1_0000_0000);
    h = mix32(h ^ (value >>> 0));
    h = mix32((h + Math.imul(high, 0x27d4eb2d) + 0x165667b1) >>> 0);
  }
  return h;
}

/** mulberry32: tiny, fast and good enough to make fake ads look varied. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Integer in [0, maxExclusive). */
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  /** Integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** Up to `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const taken: T[] = [];
    while (taken.length < count && pool.length > 0) {
      taken.push(pool.splice(this.int(pool.length), 1)[0] as T);
    }
    return taken;
  }
}

/** Picks items in proportion to their weights with a binary search over the running totals. */
export class WeightedTable<T> {
  private readonly items: T[] = [];
  private readonly cumulative: number[] = [];
  private total = 0;

  constructor(entries: Iterable<readonly [T, number]>) {
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      this.total += weight;
      this.items.push(item);
      this.cumulative.push(this.total);
    }
    if (this.items.length === 0) throw new RangeError('A weighted table needs at least one positive weight');
  }

  pick(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return this.items[low] as T;
  }
}

/**
 * A seeded bijection on [0, size): a 4-round Feistel network on the smallest even number of bits
 * that covers `size`, with cycle walking for the values that fall outside. Lets the change model
 * remove the initial ads in a shuffled order without storing the shuffle.
 */
export function permuteIndex(index: number, size: number, seed: number): number {
  return walk(index, size, seed, true);
}

/** The inverse of permuteIndex: permuteIndex(inversePermuteIndex(x, n, s), n, s) === x. */
export function inversePermuteIndex(value: number, size: number, seed: number): number {
  return walk(value, size, seed, false);
}

function walk(start: number, size: number, seed: number, forward: boolean): number {
  if (start < 0 || start >= size) throw new RangeError(`Index ${start} outside [0, ${size})`);
  if (size <= 2) return start;
  const halfBits = Math.ceil(Math.ceil(Math.log2(size)) / 2);
  const mask = (1 << halfBits) - 1;
  let value = start;
  do {
    let left = value >>> halfBits;
    let right = value & mask;
    if (forward) {
      for (let round = 0; round < 4; round++) {
        const next = left ^ (hashInts(seed, round, right) & mask);
        left = right;
        right = next;
      }
    } else {
      for (let round = 3; round >= 0; round--) {
        const previous = right ^ (hashInts(seed, round, left) & mask);
        right = left;
        left = previous;
      }
    }
    value = ((left << halfBits) | right) >>> 0;
  } while (value >= size);
  return value;
}
