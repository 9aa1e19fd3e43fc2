/**
 * Remembers answers for a few seconds, and lets concurrent callers of the same key share one
 * load. For the front page's counts and lists and for /api/jobs pages: the same few questions
 * come in over and over, and a few seconds of staleness is less than the `max-age` the browser is
 * allowed anyway (and less than the feed's own delay). Failures are not kept. When full, the
 * oldest entry makes room, so memory stays bounded by `maxEntries` answers.
 */
export function createShortCache(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { value: Promise<unknown>; until: number }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.until > now) return entry.value as Promise<T>;
      entries.delete(key); // re-inserted below, so the Map's order stays oldest first
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = load();
      entries.set(key, { value, until: now + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

export type ShortCache = ReturnType<typeof createShortCache>;
