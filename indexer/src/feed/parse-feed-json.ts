// JSON can carry a NUL character ("\u0000") in a string, and PostgreSQL takes none: not in text
// ("invalid byte sequence") and not in jsonb ("unsupported Unicode escape sequence"). One such
// character in an ad would fail the database write of its whole batch, again on every retry.
const ESCAPED_NUL = '\\u0000';

const withoutNul = (_key: string, value: unknown): unknown =>
  typeof value === 'string' ? value.replaceAll('\u0000', '') : value;

/**
 * One record of the feed, parsed, with any NUL character removed from its strings. Only a text
 * that holds the escape (in JSON a NUL can only be written as one) is parsed through the reviver,
 * which almost no record does.
 */
export function parseFeedJson(text: string): unknown {
  return text.includes(ESCAPED_NUL) ? JSON.parse(text, withoutNul) : JSON.parse(text);
}
