// Letters NFD cannot take apart (no combining mark) that still need an ASCII stand-in.
const SPECIAL_LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', ß: 'ss', ð: 'd', þ: 'th', ł: 'l', đ: 'd' };

/**
 * Lower-cases and strips diacritics: 'Göteborg' → 'goteborg', 'Café' → 'cafe', 'Ørsted' → 'orsted'.
 * Kept here rather than in the lexicon so the browser can import it without the taxonomy data:
 * a search must compare names the same way in the browser, on the server and in the index.
 */
export function foldAscii(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øæßðþłđ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}
