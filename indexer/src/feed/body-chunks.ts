import { FeedTimeoutError } from './feed-errors.js';

/**
 * The body's chunks, failing with a FeedTimeoutError when the feed sends nothing for `idleTimeoutMs`.
 * Only the wait for the feed is timed, not the time our consumer spends on a chunk. Stopping early
 * (error, break, idle) cancels the body so the connection is released.
 */
export async function* readWithIdleTimeout(
  body: ReadableStream<Uint8Array>,
  idleTimeoutMs: number,
  url: string,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleTimeoutMs, url);
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleTimeoutMs: number,
  url: string,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FeedTimeoutError('body', idleTimeoutMs, url)), idleTimeoutMs);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } finally {
    clearTimeout(timer);
  }
}

/** UTF-8 text in order; a multi-byte character split across two chunks is joined, not mangled. */
export async function* decodeUtf8(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
