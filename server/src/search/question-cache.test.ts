import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson, createQuestionCache } from './question-cache.js';

describe('createQuestionCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent callers and reuses it until it expires', async () => {
    vi.useFakeTimers();
    const cache = createQuestionCache({ ttlMs: 5_000, maxEntries: 100 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(4_000);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    vi.advanceTimersByTime(1_001);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('gives out nothing from before the generation moved, not even a pending load', async () => {
    let generation: string | null = null;
    const cache = createQuestionCache({ ttlMs: 60_000, maxEntries: 100, generation: () => generation });
    let loads = 0;
    const load = async () => ++loads;
    // Generation unknown: nothing is kept.
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(2);
    generation = 'g1';
    expect(await cache.get('a', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(3);
    const pending = cache.get(
      'a',
      () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5)),
    );
    generation = 'g2';
    expect(await cache.get('a', load)).toBe(4);
    expect(await pending).toBe(3);
  });

  it('makes room by dropping the least recently used answer when full', async () => {
    const cache = createQuestionCache({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    expect(await cache.get('a', load)).toBe(1); // 'a' used again: 'b' is now the oldest
    await cache.get('c', load); // drops 'b'
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('c', load)).toBe(3);
    expect(await cache.get('b', load)).toBe(4);
  });

  it('stays within its bytes', async () => {
    const cache = createQuestionCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 25 });
    const body = (text: string) => async () => Buffer.from(text);
    const size = (buffer: Buffer) => buffer.length;
    await cache.get('a', body('0123456789'), size);
    await cache.get('b', body('0123456789'), size);
    await cache.get('c', body('0123456789'), size); // 30 bytes: 'a' leaves
    expect(cache.size).toBe(2);
    expect((await cache.get('a', body('ny'), size)).toString()).toBe('ny');
  });

  it('does not keep a failure', async () => {
    const cache = createQuestionCache({ ttlMs: 5_000, maxEntries: 100 });
    await expect(cache.get('a', () => Promise.reject(new Error('nere')))).rejects.toThrow('nere');
    expect(await cache.get('a', async () => 'uppe')).toBe('uppe');
  });

  it('does not keep an answer `keep` turns down, though a caller that joined its load gets it', async () => {
    const cache = createQuestionCache({ ttlMs: 5_000, maxEntries: 100 });
    const keep = (answer: string) => answer !== 'avvisad';
    const first = cache.get('a', async () => 'avvisad', undefined, keep);
    const joined = cache.get('a', async () => 'egen', undefined, keep);
    expect(await Promise.all([first, joined])).toEqual(['avvisad', 'avvisad']);
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 'hel', undefined, keep)).toBe('hel');
    expect(await cache.get('a', async () => 'ny', undefined, keep)).toBe('hel');
  });
});

describe('canonicalJson', () => {
  it('writes the same question the same way whatever the order of its parameters', () => {
    expect(canonicalJson({ q: 'kock', filter: ['a', 'b'], page: { n: 1, size: 20 } })).toBe(
      canonicalJson({ page: { size: 20, n: 1 }, filter: ['a', 'b'], q: 'kock' }),
    );
    expect(canonicalJson({ filter: ['a', 'b'] })).not.toBe(canonicalJson({ filter: ['b', 'a'] }));
  });
});
