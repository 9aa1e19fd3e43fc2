// JSON can carry a NUL character ("\u0000") in a string, and PostgreSQL takes none: not in text
// ("invalid byte sequence") and not in jsonb ("unsupported Unicode escape sequence"). One such
// character in an ad would fail the database write of its whole batch, again on every retry.
const ESCAPED_NUL = '\\u0000';

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = withoutNul(record[key]);
  }
  return value;
}

/**
 * One record of the feed, parsed, with any NUL character removed from its strings. The text is
 * only walked again when it holds the escape (in JSON a NUL can only be written as one), which
 * almost no record does.
 */
export function parseFeedJson(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  return text.includes(ESCAPED_NUL) ? withoutNul(value) : value;
}
