/**
 * Remembers answers for a few seconds, and lets concurrent callers of the same key share one
 * load. For the front page's counts and lists: every visit asks for them, and a few seconds of
 * staleness is less than the `max-age` the browser is allowed anyway. Failures are not kept.
 */
export function createShortCache(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { value: Promise<unknown>; until: number }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.until > now) return entry.value as Promise<T>;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { value, until: now + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
