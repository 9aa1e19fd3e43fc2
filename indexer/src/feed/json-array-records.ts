import { streamArray } from 'stream-json/streamers/stream-array.js';

/**
 * stream-chain's "end of input" marker (its `none`); calling the pipeline with it flushes the parser,
 * which is where a truncated array is noticed. It is a registered symbol, so no import of
 * stream-chain (not one of our dependencies) is needed.
 */
const END_OF_INPUT = Symbol.for('object-stream.none');

/**
 * The pipeline from `withParser()` is declared as returning one value per call, but it is built with
 * stream-chain's `gen()` and returns an async generator of the items each chunk completes. Reading
 * those generators ourselves (rather than through a Node Duplex) matters: a Duplex that errors drops
 * the items it had buffered, and every complete record before the break has to reach the caller.
 */
type ArrayItemPipeline = (input: string | symbol) => AsyncIterable<{ key: number; value: unknown }>;

/**
 * The parser reports an error for the whole piece of text it was given, dropping the elements that
 * piece completed before the bad spot. Feeding it small slices keeps that loss to a few kilobytes
 * instead of a whole network chunk (up to 64 KB, a dozen ads).
 */
const SLICE_CHARS = 4096;

/**
 * Elements of one top-level JSON array, one at a time, never holding more than the current element.
 * Throws the parser's error (after the elements before it) when the text is not one complete array.
 */
export async function* parseJsonArrayRecords(texts: AsyncIterable<string>): AsyncGenerator<unknown> {
  const pipeline = streamArray.withParser() as unknown as ArrayItemPipeline;
  for await (const text of texts) {
    for (let start = 0; start < text.length; start += SLICE_CHARS) {
      for await (const item of pipeline(text.slice(start, start + SLICE_CHARS))) yield item.value;
    }
  }
  for await (const item of pipeline(END_OF_INPUT)) yield item.value;
}
