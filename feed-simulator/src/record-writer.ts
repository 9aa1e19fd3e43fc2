import type { ServerResponse } from 'node:http';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Random } from './prng.js';

export type BodyFormat = 'json' | 'jsonl';

export interface WriteOptions {
  format: BodyFormat;
  /** Destroy the socket once this many body bytes are out (a truncated download). */
  truncateAfterBytes: number | null;
  /** Cut one record off mid-way so the body is not valid JSON (in JSONL: one bad line). */
  breakJson: boolean;
  /** Fraction of records replaced by malformed ones. */
  malformedRate: number;
  random: Random;
}

export interface WriteResult {
  records: number;
  malformed: number;
  bytes: number;
  truncated: boolean;
  aborted: boolean;
}

// Large enough that a 300 MB snapshot is a few thousand writes, small enough that memory stays flat.
const FLUSH_BYTES = 64 * 1024;
const MAX_QUEUED_BYTES = 1024 * 1024;

const MALFORMED_RECORDS: ReadonlyArray<() => unknown> = [
  () => 'detta är ingen annons',
  () => null,
  () => 4711,
  () => [{ id: 'i en lista' }],
  () => ({ headline: 'Annons utan id', removed: false }),
  () => ({ id: { value: 29_000_000 }, headline: 12345, removed: 'nej', timestamp: 'igår' }),
  () => ({ id: '', headline: null, description: 'ska vara ett objekt', workplace_address: [] }),
];

export function malformedRecord(random: Random): unknown {
  return random.pick(MALFORMED_RECORDS)();
}

/**
 * Streams records as a JSON array or as JSON lines, never holding more than one chunk: the caller
 * passes a lazy iterable, each record is serialised when its turn comes, and a full socket buffer
 * pauses generation until it drains. A client that goes away stops the generation too.
 */
export async function writeRecords(
  response: ServerResponse,
  records: Iterable<unknown>,
  options: WriteOptions,
): Promise<WriteResult> {
  const result: WriteResult = { records: 0, malformed: 0, bytes: 0, truncated: false, aborted: false };
  const jsonl = options.format === 'jsonl';
  let pending = jsonl ? '' : '[';
  let broken = false;

  const flush = async (): Promise<boolean> => {
    if (response.destroyed) return false;
    const chunk = Buffer.from(pending, 'utf8');
    pending = '';
    const limit = options.truncateAfterBytes;
    if (limit !== null && result.bytes + chunk.length >= limit) {
      const part = chunk.subarray(0, Math.max(0, limit - result.bytes));
      result.bytes += part.length;
      result.truncated = true;
      await new Promise<void>((resolve) => response.write(part, () => resolve()));
      response.socket?.destroy();
      return false;
    }
    result.bytes += chunk.length;
    // Waiting for 'drain' after every chunk would leave the socket idle between round trips; let
    // up to a few chunks queue, which still bounds memory, and otherwise just let other requests in.
    if (!response.write(chunk) && response.writableLength > MAX_QUEUED_BYTES) await drainOrClose(response);
    else await yieldToEventLoop();
    return !response.destroyed;
  };

  for (const record of records) {
    let text: string;
    if (options.malformedRate > 0 && options.random.chance(options.malformedRate)) {
      text = JSON.stringify(malformedRecord(options.random));
      result.malformed++;
    } else text = JSON.stringify(record);
    if (options.breakJson && !broken && result.records === 1) {
      text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      broken = true;
    }
    pending += jsonl ? `${text}\n` : result.records === 0 ? text : `,${text}`;
    result.records++;
    if (pending.length >= FLUSH_BYTES && !(await flush())) {
      result.aborted = !result.truncated;
      return result;
    }
  }
  if (options.breakJson && !broken)
    pending += jsonl ? '{"id": "29000000", "headline": "Avbr\n' : '{"id": "29000000", "headl';
  if (!jsonl) pending += ']';
  if (!(await flush())) {
    result.aborted = !result.truncated;
    return result;
  }
  response.end();
  return result;
}

function drainOrClose(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
