import { decodeUtf8, readWithIdleTimeout } from './body-chunks.js';
import { FeedIncompleteError } from './feed-errors.js';
import { parseJsonArrayRecords } from './json-array-records.js';
import { parseJsonlRecords, type InvalidRecord } from './jsonl-records.js';

export type BodyFormat = 'json-array' | 'jsonl';

const JSONL_MEDIA_TYPES = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonl',
  'application/jsonlines',
  'application/x-jsonlines',
]);

export interface FeedBodyOptions {
  url: string;
  contentType: string | null;
  /** v1 only ever answers one JSON array; reading anything else as JSONL could pass an error object off as an ad. */
  allowJsonl: boolean;
  idleTimeoutMs: number;
  signal: AbortSignal | undefined;
  onFormat: (format: BodyFormat) => void;
  onInvalidRecord: (invalid: InvalidRecord) => void;
}

/**
 * The records of a feed response body, parsed as they arrive. Ending normally means the body was
 * complete. Any break after the headers (cut connection, idle timeout, bad or truncated JSON) becomes
 * a FeedIncompleteError once the records before it have been yielded; an abort by the caller's
 * signal surfaces as the signal's reason instead.
 */
export async function* parseFeedBody(
  body: ReadableStream<Uint8Array> | null,
  options: FeedBodyOptions,
): AsyncGenerator<unknown> {
  let yielded = 0;
  try {
    const texts = decodeUtf8(readWithIdleTimeout(body ?? emptyBody(), options.idleTimeoutMs, options.url));
    const { head, rest } = await peekFirstVisibleChar(texts);
    const format = chooseFormat(options, head);
    options.onFormat(format);
    const replayed = replay(head, rest);
    const records =
      format === 'jsonl'
        ? parseJsonlRecords(replayed, options.onInvalidRecord)
        : parseJsonArrayRecords(replayed);
    for await (const record of records) {
      yielded += 1;
      yield record;
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new FeedIncompleteError(yielded, options.url, error);
  }
}

function chooseFormat(options: FeedBodyOptions, head: string): BodyFormat {
  if (!options.allowJsonl) return 'json-array';
  const mediaType = (options.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (JSONL_MEDIA_TYPES.has(mediaType)) return 'jsonl';
  const first = head.trimStart()[0];
  // An empty body is no valid JSON array: read it as one so that it fails as incomplete, unless the
  // server declared JSONL above (where an empty body is a legitimate "nothing changed").
  return first === undefined || first === '[' ? 'json-array' : 'jsonl';
}

/** Reads just far enough to see the first non-whitespace character; `head` is everything read. */
async function peekFirstVisibleChar(
  texts: AsyncGenerator<string>,
): Promise<{ head: string; rest: AsyncGenerator<string> }> {
  let head = '';
  while (head.trimStart() === '') {
    const next = await texts.next();
    if (next.done) break;
    head += next.value;
  }
  return { head, rest: texts };
}

async function* replay(head: string, rest: AsyncIterable<string>): AsyncGenerator<string> {
  if (head !== '') yield head;
  yield* rest;
}

function emptyBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() });
}
