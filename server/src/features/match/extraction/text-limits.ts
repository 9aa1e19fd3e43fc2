/** Profile extraction cost grows with the text; a CV longer than this is mostly not a CV. */
export const MAX_TEXT_CHARS = 100_000;

/**
 * What the reader thread hands back at most, before whitespace is tidied (tidying shrinks runs of
 * spaces and blank lines, so the raw text may be longer than what is kept). The cap keeps a huge
 * document's text from being copied to the main thread and normalised there.
 */
export const MAX_RAW_TEXT_CHARS = 2 * MAX_TEXT_CHARS;

export const capRawText = (text: string) =>
  text.length > MAX_RAW_TEXT_CHARS ? text.slice(0, MAX_RAW_TEXT_CHARS) : text;
