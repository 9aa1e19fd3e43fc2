/** A text as a regular expression that matches exactly it (a skill's spelling, a phrase). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression for whole words or phrases. JavaScript's \b treats å, ä and ö as
 * non-word characters ('modersmål\b' never matches before a space), so the boundaries here are
 * Unicode-aware lookarounds instead.
 */
export function wordsPattern(source: string, flags = 'iu'): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`,
    flags.includes('u') ? flags : `${flags}u`,
  );
}
