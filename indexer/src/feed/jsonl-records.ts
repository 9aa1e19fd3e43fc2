import { parseFeedJson } from './parse-feed-json.js';

export interface InvalidRecord {
  /** 1-based line number in the body. */
  line: number;
  /** The line as received (it may hold personal data: do not log it). */
  text: string;
  error: string;
}

/** The last line had no newline and did not parse: the body was most likely cut off mid-line. */
export class TruncatedLineError extends Error {
  constructor(line: number, error: string) {
    super(`last line ${line} is unterminated and not valid JSON (${error})`);
    this.name = 'TruncatedLineError';
  }
}

export class OverlongLineError extends Error {
  constructor(line: number, limit: number) {
    super(`line ${line} is longer than ${limit} characters`);
    this.name = 'OverlongLineError';
  }
}

// One ad is tens of kilobytes; a "line" this long is a body that is not JSONL at all, and would
// otherwise be buffered whole.
const MAX_LINE_CHARS = 32 * 1024 * 1024;

/**
 * One record per non-blank line. A line that is not JSON is handed to `onInvalid` and skipped, so
 * one bad ad does not cost the rest of the response.
 */
export async function* parseJsonlRecords(
  texts: AsyncIterable<string>,
  onInvalid: (invalid: InvalidRecord) => void,
): AsyncGenerator<unknown> {
  let pending = '';
  let lineNumber = 0;
  for await (const text of texts) {
    pending += text;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      lineNumber += 1;
      const parsed = parseLine(pending.slice(start, end), lineNumber);
      start = end + 1;
      if ('invalid' in parsed) onInvalid(parsed.invalid);
      else if ('record' in parsed) yield parsed.record;
    }
    pending = pending.slice(start);
    if (pending.length > MAX_LINE_CHARS) throw new OverlongLineError(lineNumber + 1, MAX_LINE_CHARS);
  }
  if (pending.trim() === '') return;
  lineNumber += 1;
  const last = parseLine(pending, lineNumber);
  if ('invalid' in last) throw new TruncatedLineError(lineNumber, last.invalid.error);
  if ('record' in last) yield last.record;
}

type ParsedLine = { record: unknown } | { invalid: InvalidRecord } | { blank: true };

function parseLine(raw: string, line: number): ParsedLine {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (text.trim() === '') return { blank: true };
  try {
    return { record: parseFeedJson(text) };
  } catch (error) {
    return { invalid: { line, text, error: error instanceof Error ? error.message : String(error) } };
  }
}
