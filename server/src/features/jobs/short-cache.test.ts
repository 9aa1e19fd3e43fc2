import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShortCache } from './short-cache.js';

describe('createShortCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent callers and reuses it until it expires', async () => {
    vi.useFakeTimers();
    const cache = createShortCache(5_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(4_000);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    vi.advanceTimersByTime(1_001);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('makes room by dropping the oldest answer when full', async () => {
    const cache = createShortCache(60_000, 2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load); // drops 'a'
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('c', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('does not keep a failure', async () => {
    const cache = createShortCache(5_000);
    await expect(cache.get('a', () => Promise.reject(new Error('nere')))).rejects.toThrow('nere');
    expect(await cache.get('a', async () => 'uppe')).toBe('uppe');
  });
});
