import { parseFeedJson } from './parse-feed-json.js';

/** The body is not one complete JSON array (bad JSON, cut off, something after it). */
export class JsonArraySyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonArraySyntaxError';
  }
}

// One ad is tens of kilobytes; an "element" this long is a body that is not a feed array at all,
// and would otherwise be buffered whole (and copied again with every piece that arrives).
const MAX_ELEMENT_CHARS = 8 * 1024 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const NOT_WHITESPACE = /[^ \t\n\r]/;

/**
 * Index of the quote that ends a string, searched for after `from` (the opening quote, or the last
 * position already known to lie inside the string); -1 while the string goes on past `text`.
 */
function stringEnd(text: string, from: number): number {
  for (let quote = text.indexOf('"', from + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/**
 * Elements of one top-level JSON array, one at a time, never holding more than the current element
 * and the piece of text it arrived in. The text is only scanned for where each element ends
 * (strings skipped, brackets counted); each element is then parsed whole by JSON.parse, which does
 * natively what a token-by-token streaming parser did in JavaScript at several times the cost (it
 * was the largest single cost of a snapshot import). JSON.parse also validates every element, so
 * the scan need not: anything that is not one complete array throws, after the elements before it.
 * An object or array element is handed out as soon as its closing bracket arrives.
 */
export async function* parseJsonArrayRecords(texts: AsyncIterable<string>): AsyncGenerator<unknown> {
  let pending = '';
  let opened = false;
  let closed = false;
  let depth = 0;
  let elements = 0;
  let elementStart = 0;
  let scanFrom = 0;
  // Set while `pending` ends inside a string: the last position known to lie inside it.
  let openString = -1;
  // An object or array element was just handed out: only a comma or the end may follow.
  let afterElement = false;

  const separatorExpected = () => new JsonArraySyntaxError('a comma missing between array elements');

  for await (const text of texts) {
    if (closed) {
      if (NOT_WHITESPACE.test(text)) throw new JsonArraySyntaxError('text after the end of the array');
      continue;
    }
    pending += text;
    if (pending.length > MAX_ELEMENT_CHARS)
      throw new JsonArraySyntaxError(`an element is longer than ${MAX_ELEMENT_CHARS} characters`);
    if (!opened) {
      const first = pending.search(NOT_WHITESPACE);
      if (first === -1) continue;
      if (pending[first] !== '[') throw new JsonArraySyntaxError('the body is not a JSON array');
      opened = true;
      depth = 1;
      elementStart = scanFrom = first + 1;
    }
    if (openString !== -1) {
      const end = stringEnd(pending, openString);
      if (end === -1) {
        openString = Math.max(openString, pending.length - 1);
        continue;
      }
      openString = -1;
      scanFrom = end + 1;
    }
    // Strings are skipped with indexOf: they are most of the text, and hold no structure.
    for (let at = scanFrom; at < pending.length; at++) {
      const code = pending.charCodeAt(at);
      if (code === QUOTE || code === OPEN_BRACE || code === OPEN_BRACKET) {
        if (depth === 1 && afterElement) throw separatorExpected();
        if (code !== QUOTE) {
          depth += 1;
          continue;
        }
        const end = stringEnd(pending, at);
        if (end === -1) {
          openString = Math.max(at, pending.length - 1);
          break;
        }
        at = end;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 1) {
          // An object or array element is complete.
          const element = pending.slice(elementStart, at + 1);
          elements += 1;
          elementStart = at + 1;
          afterElement = true;
          yield parseFeedJson(element);
        } else if (depth === 0) {
          if (code !== CLOSE_BRACKET) throw new JsonArraySyntaxError(`unexpected '}' at the top level`);
          const last = pending.slice(elementStart, at);
          if (NOT_WHITESPACE.test(last)) {
            if (afterElement) throw separatorExpected();
            yield parseFeedJson(last);
          } else if (elements > 0 && !afterElement) {
            throw new JsonArraySyntaxError('a comma before the end of the array');
          }
          closed = true;
          if (NOT_WHITESPACE.test(pending.slice(at + 1)))
            throw new JsonArraySyntaxError('text after the end of the array');
          break;
        }
      } else if (code === COMMA && depth === 1) {
        const element = pending.slice(elementStart, at);
        elementStart = at + 1;
        if (afterElement) {
          afterElement = false;
          if (NOT_WHITESPACE.test(element)) throw separatorExpected();
          continue;
        }
        if (!NOT_WHITESPACE.test(element)) throw new JsonArraySyntaxError('an empty array element');
        elements += 1;
        yield parseFeedJson(element);
      }
    }
    if (closed) {
      pending = '';
      continue;
    }
    // Keep only the element that is still arriving.
    if (openString !== -1) openString -= elementStart;
    scanFrom = pending.length - elementStart;
    pending = pending.slice(elementStart);
    elementStart = 0;
  }
  if (!closed) throw new JsonArraySyntaxError('the array ends early');
}
