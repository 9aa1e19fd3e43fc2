// A word is letters/digits, optionally joined by inner dots ('node.js', 'asp.net'), optionally
// led by a dot ('.net') and optionally trailed by '#' or '+' ('c#', 'c++'), because those are how
// programming skills are written in Swedish ads and CVs. Hyphens split words: 'Backend-utvecklare'
// is searched for as 'backend' and 'utvecklare'.
const WORD = /(?<![\p{L}\p{N}])\.?[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*(?:#|\+\+?)?/gu;

/** The words of a text as written (case kept), for callers that care about capitals. */
export function tokenizeKeepingCase(text: string): string[] {
  return Array.from(text.normalize('NFC').matchAll(WORD), (match) => match[0]);
}

/** Splits text into lower-case words, keeping å/ä/ö/é and tokens like 'c#', 'c++', '.net', 'node.js'. */
export function tokenize(text: string): string[] {
  return tokenizeKeepingCase(text).map((word) => word.toLowerCase());
}
