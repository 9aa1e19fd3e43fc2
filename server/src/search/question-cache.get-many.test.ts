import { describe, expect, it } from 'vitest';
import { createQuestionCache } from './question-cache.js';

/** A loader that answers each key with its name and a load number, and records what it was asked. */
function recordingLoader() {
  const asked: string[][] = [];
  return {
    asked,
    load: async (missing: string[]) => {
      asked.push(missing);
      return missing.map((key) => `${key}#${asked.length}`);
    },
  };
}

describe('createQuestionCache getMany', () => {
  it('loads only the keys it does not hold, in one call, each once, answering in key order', async () => {
    const cache = createQuestionCache({ ttlMs: 60_000, maxEntries: 100, generation: () => 'g1' });
    const loader = recordingLoader();
    expect(await cache.get('b', async () => 'b#get')).toBe('b#get');

    expect(await cache.getMany(['a', 'b', 'c', 'a'], loader.load)).toEqual(['a#1', 'b#get', 'c#1', 'a#1']);
    expect(loader.asked).toEqual([['a', 'c']]);
    // Everything held now: nothing is loaded, and `get` sees the same answers.
    expect(await cache.getMany(['c', 'a', 'b'], loader.load)).toEqual(['c#1', 'a#1', 'b#get']);
    expect(loader.asked).toHaveLength(1);
    expect(await cache.get('c', async () => 'c#get')).toBe('c#1');
  });

  it('shares a pending load with later callers, and forgets it once the generation moves', async () => {
    let generation = 'g1';
    const cache = createQuestionCache({ ttlMs: 60_000, maxEntries: 100, generation: () => generation });
    const loader = recordingLoader();
    const [first, second] = await Promise.all([
      cache.getMany(['a', 'b'], loader.load),
      cache.getMany(['b', 'a'], loader.load),
    ]);
    expect([first, second]).toEqual([
      ['a#1', 'b#1'],
      ['b#1', 'a#1'],
    ]);
    expect(loader.asked).toEqual([['a', 'b']]);

    generation = 'g2';
    expect(await cache.getMany(['a', 'b'], loader.load)).toEqual(['a#2', 'b#2']);
  });

  it('keeps no failure, and nothing at all when off or the generation is unknown', async () => {
    const failing = createQuestionCache({ ttlMs: 60_000, maxEntries: 100, generation: () => 'g1' });
    await expect(failing.getMany(['a'], () => Promise.reject(new Error('nere')))).rejects.toThrow('nere');
    expect(failing.size).toBe(0);
    expect(await failing.getMany(['a'], async () => ['uppe'])).toEqual(['uppe']);

    for (const cache of [
      createQuestionCache({ ttlMs: 0, maxEntries: 100 }),
      createQuestionCache({ ttlMs: 60_000, maxEntries: 100, generation: () => null }),
    ]) {
      const loader = recordingLoader();
      await cache.getMany(['a', 'a'], loader.load);
      await cache.getMany(['a'], loader.load);
      expect(loader.asked).toEqual([['a'], ['a']]);
      expect(cache.size).toBe(0);
    }
  });
});
