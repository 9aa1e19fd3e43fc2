/** One entry of /api/jobs/main-category-counts or /api/jobs/city-counts. */
export interface CountEntry {
  _id: string;
  count: number;
}

/**
 * Counts for a fixed list of names, in that list's order: every name is present (0 when the
 * answer lacks it, or failed), matched without regard to case.
 */
export function countsFor(names: readonly string[], entries: unknown): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  if (Array.isArray(entries)) {
    for (const entry of entries as Partial<CountEntry>[]) {
      if (typeof entry?._id !== 'string' || typeof entry.count !== 'number') continue;
      const key = entry._id.toLocaleLowerCase('sv');
      counts.set(key, (counts.get(key) ?? 0) + entry.count);
    }
  }
  return names.map((name) => ({ name, count: counts.get(name.toLocaleLowerCase('sv')) ?? 0 }));
}
