import { foldAscii } from './fold-ascii.js';

/**
 * The known name a text stands for: the same letters ignoring case, else ignoring å/ä/ö (and
 * other accents) when only one known name fits — 'goteborg' is Göteborg, but 'are' is neither
 * Åre nor Are when both exist.
 */
export function findKnown<T extends string>(text: string, known: readonly T[]): T | null {
  const lower = text.toLocaleLowerCase('sv');
  const exact = known.find((name) => name.toLocaleLowerCase('sv') === lower);
  if (exact !== undefined) return exact;
  const folded = foldAscii(text);
  const candidates = known.filter((name) => foldAscii(name) === folded);
  return candidates.length === 1 ? candidates[0]! : null;
}
