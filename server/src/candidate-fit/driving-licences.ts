// Which driving licence classes a class held also lets its holder drive, so that a CE holder
// meets an ad asking for B. The rules are Transportstyrelsen's ('Behörigheter för körkort',
// transportstyrelsen.se, and körkortsförordningen 1998:980, 3 kap.), which follow the EU's
// driving licence directive 2006/126/EG: the heavier classes are only issued to holders of B;
// A includes A2 and A1; B includes AM; BE includes Utökad B (B96); C includes C1 and D includes
// D1; C1E, CE, D1E and DE include BE, and CE includes C1E and DE includes D1E.

/** What each class directly includes; the rest follows by going through the table again. */
const INCLUDES: Readonly<Record<string, readonly string[]>> = {
  AM: [],
  A1: ['AM'],
  A2: ['A1'],
  A: ['A2'],
  B: ['AM'],
  'Utökad B': ['B'],
  BE: ['Utökad B'],
  C1: ['B'],
  C1E: ['C1', 'BE'],
  C: ['C1'],
  CE: ['C', 'C1E'],
  D1: ['B'],
  D1E: ['D1', 'BE'],
  D: ['D1'],
  DE: ['D', 'D1E'],
};

/** The class itself and every class it includes. */
function classesDrivableWith(held: string): Set<string> {
  const drivable = new Set<string>();
  const pending = [held];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (drivable.has(next)) continue;
    drivable.add(next);
    pending.push(...(INCLUDES[next] ?? []));
  }
  return drivable;
}

/** The older spelling of Utökad B. */
const canonicalClass = (name: string) => {
  const trimmed = name.trim();
  return trimmed.toUpperCase() === 'B96' ? 'Utökad B' : trimmed;
};

/**
 * The class among `held` that lets its holder drive what `asked` names: the class itself when
 * held, else the first held class that includes it; null when none does.
 */
export function licenceCovering(held: readonly string[], asked: string): string | null {
  const wanted = canonicalClass(asked);
  const exact = held.find((name) => canonicalClass(name) === wanted);
  if (exact !== undefined) return exact;
  return held.find((name) => classesDrivableWith(canonicalClass(name)).has(wanted)) ?? null;
}
