import { describe, expect, it } from 'vitest';
import { rememberPendingSave, takePendingSave } from './pending-save';

/** A tab's sessionStorage, as the functions use it. */
function tab() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { items, storage: () => storage };
}

const AT = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('a save waiting for the visitor to log in', () => {
  it('is taken once, for its own ad only', () => {
    const { storage } = tab();
    rememberPendingSave('123', AT, storage);
    expect(takePendingSave('456', AT + 1000, storage)).toBe(false);
    expect(takePendingSave('123', AT + 60_000, storage)).toBe(true);
    expect(takePendingSave('123', AT + 61_000, storage)).toBe(false);
  });

  it('is dropped after half an hour, never done by surprise later', () => {
    const { storage, items } = tab();
    rememberPendingSave('123', AT, storage);
    expect(takePendingSave('123', AT + 31 * 60_000, storage)).toBe(false);
    expect(items.size).toBe(0);
  });

  it('the latest ad asked for wins', () => {
    const { storage } = tab();
    rememberPendingSave('123', AT, storage);
    rememberPendingSave('456', AT, storage);
    expect(takePendingSave('123', AT, storage)).toBe(false);
    expect(takePendingSave('456', AT, storage)).toBe(true);
  });

  it('reads nothing from what it did not write, and survives a storage that refuses', () => {
    const { storage, items } = tab();
    items.set('pending-save-job', '{not json');
    expect(takePendingSave('123', AT, storage)).toBe(false);
    items.set('pending-save-job', JSON.stringify({ jobId: '123', at: 'igår' }));
    expect(takePendingSave('123', AT, storage)).toBe(false);
    const refusing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(() => rememberPendingSave('123', AT, refusing)).not.toThrow();
    expect(takePendingSave('123', AT, refusing)).toBe(false);
  });
});
