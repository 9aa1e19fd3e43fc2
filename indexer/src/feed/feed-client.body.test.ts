import { afterEach, describe, expect, it } from 'vitest';
import { createFeedClient, type FeedClientOptions } from './feed-client.js';
import { FeedIncompleteError, FeedTimeoutError } from './feed-errors.js';
import type { InvalidRecord } from './jsonl-records.js';
import {
  chunked,
  collect,
  collectUntilError,
  cutOff,
  json,
  memoryLogger,
  pause,
  startLocalFeedServer,
  type FeedHandler,
  type LocalFeedServer,
} from './local-feed-server.test-helper.js';
import { removalEvent, sampleAd } from './sample-ads.test-helper.js';

let server: LocalFeedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(handler: FeedHandler, options: Partial<FeedClientOptions> = {}) {
  server = await startLocalFeedServer(handler);
  return createFeedClient({ baseUrl: server.baseUrl, apiVersion: 'v1', minRequestIntervalMs: 0, ...options });
}

const ads = [sampleAd(1), removalEvent(2), sampleAd(3)];

describe('JSON array bodies', () => {
  it('yields every element in order', async () => {
    const client = await clientFor(json(ads));
    expect(await collect(client.snapshot())).toEqual(ads);
  });

  it('reassembles elements and å/ä/ö split across tiny chunks', async () => {
    const bytes = Buffer.from(JSON.stringify(ads));
    const client = await clientFor(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      // 5-byte pieces cut through tokens and through the two-byte UTF-8 letters.
      for (let offset = 0; offset < bytes.length; offset += 5) {
        response.write(bytes.subarray(offset, offset + 5));
        if (offset % 200 === 0) await pause(1);
      }
      response.end();
    });
    expect(await collect(client.snapshot())).toEqual(ads);
  });

  it('hands out each record while the rest of a slow body is still on its way', async () => {
    let serverFinished = false;
    const client = await clientFor(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`[${JSON.stringify(ads[0])}`);
      for (const ad of ads.slice(1)) {
        await pause(80);
        response.write(`,${JSON.stringify(ad)}`);
      }
      response.end(']');
      serverFinished = true;
    });
    const seenBeforeEnd: boolean[] = [];
    for await (const _record of client.snapshot()) seenBeforeEnd.push(!serverFinished);
    // The last element may wait for the closing bracket; the ones before it must not wait for the end.
    expect(seenBeforeEnd.slice(0, -1)).toEqual([true, true]);
    expect(seenBeforeEnd).toHaveLength(3);
  });

  it('treats an empty array as a complete, empty answer', async () => {
    const client = await clientFor(json([]));
    expect(await collect(client.snapshot())).toEqual([]);
  });
});

describe('incomplete JSON array bodies', () => {
  it('yields the records before a cut connection, then FeedIncompleteError', async () => {
    const body = JSON.stringify(ads);
    const cutAt = body.indexOf(JSON.stringify(ads[2])) + 20;
    const client = await clientFor(
      cutOff([body.slice(0, cutAt)], { 'content-length': String(Buffer.byteLength(body)) }),
    );
    const { records, error } = await collectUntilError(client.snapshot());
    expect(records).toEqual(ads.slice(0, 2));
    expect(error).toBeInstanceOf(FeedIncompleteError);
    expect((error as FeedIncompleteError).recordsYielded).toBe(2);
    expect(server?.requests).toHaveLength(1);
  });

  it('notices a chunked body cut off between elements', async () => {
    const body = JSON.stringify(ads);
    const client = await clientFor(cutOff([body.slice(0, body.indexOf(JSON.stringify(ads[2])))]));
    const { records, error } = await collectUntilError(client.snapshot());
    expect(records).toEqual(ads.slice(0, 2));
    expect(error).toBeInstanceOf(FeedIncompleteError);
  });

  it('notices an array that ends early even when the HTTP message itself is complete', async () => {
    const body = JSON.stringify(ads);
    const client = await clientFor(chunked([body.slice(0, body.length - 30)], 0));
    const { records, error } = await collectUntilError(client.snapshot());
    expect(records).toEqual(ads.slice(0, 2));
    expect(error).toBeInstanceOf(FeedIncompleteError);
  });

  it('stops at invalid JSON after the records sent before it', async () => {
    const client = await clientFor(chunked([`[${JSON.stringify(ads[0])},`, '{"id": nonsense}]'], 40));
    const { records, error } = await collectUntilError(client.snapshot());
    expect(records).toEqual([ads[0]]);
    expect(error).toBeInstanceOf(FeedIncompleteError);
    expect(String((error as Error).message)).toMatch(/after 1 records/);
  });

  it('loses at most a few kilobytes of records when bad JSON arrives in the same chunk', async () => {
    const many = Array.from({ length: 40 }, (_, i) => sampleAd(i));
    const body = `${JSON.stringify(many).slice(0, -1)},{"id": nonsense}]`;
    const client = await clientFor(chunked([body], 0));
    const { records, error } = await collectUntilError(client.snapshot());
    expect(error).toBeInstanceOf(FeedIncompleteError);
    expect(records.length).toBeGreaterThanOrEqual(30);
    expect(records).toEqual(many.slice(0, records.length));
  });

  it('rejects an empty body and a top-level object as incomplete', async () => {
    const emptyClient = await clientFor(chunked([], 0));
    expect((await collectUntilError(emptyClient.snapshot())).error).toBeInstanceOf(FeedIncompleteError);
    await server?.close();
    const objectClient = await clientFor(json({ message: 'maintenance' }));
    const { records, error } = await collectUntilError(objectClient.snapshot());
    expect(records).toEqual([]);
    expect(error).toBeInstanceOf(FeedIncompleteError);
  });

  it('gives up on a body that goes silent for idleTimeoutMs, without retrying', async () => {
    const client = await clientFor(
      async (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(`[${JSON.stringify(ads[0])},`);
        await pause(2_000);
        response.end(`${JSON.stringify(ads[1])}]`);
      },
      { idleTimeoutMs: 150 },
    );
    const started = performance.now();
    const { records, error } = await collectUntilError(client.snapshot());
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(records).toEqual([ads[0]]);
    expect(error).toBeInstanceOf(FeedIncompleteError);
    expect((error as Error).cause).toBeInstanceOf(FeedTimeoutError);
    expect(((error as Error).cause as FeedTimeoutError).phase).toBe('body');
    expect(server?.requests).toHaveLength(1);
  });

  it('logs an incomplete response as a warning', async () => {
    const { entries, logger } = memoryLogger();
    const client = await clientFor(cutOff(['[{"id":"1"},{"id"']), { logger });
    await collectUntilError(client.snapshot());
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ records: 1 }) }),
    );
  });
});

describe('JSONL bodies (v2)', () => {
  const lines = ads.map((ad) => JSON.stringify(ad));

  it('reads JSONL announced by Content-Type, skipping blank lines and CRLF', async () => {
    const body = `${lines[0]}\r\n\n${lines[1]}\r\n${lines[2]}`;
    const client = await clientFor(chunked([body.slice(0, 50), body.slice(50)], 10, 'application/x-ndjson'), {
      apiVersion: 'v2',
    });
    expect(await collect(client.snapshot())).toEqual(ads);
  });

  it('recognises JSONL by its first character when it is labelled application/json', async () => {
    const client = await clientFor(chunked(['\n  ', `${lines.join('\n')}\n`], 10), { apiVersion: 'v2' });
    expect(await collect(client.snapshot())).toEqual(ads);
  });

  it('still reads a JSON array on v2', async () => {
    const client = await clientFor(json(ads), { apiVersion: 'v2' });
    expect(await collect(client.snapshot())).toEqual(ads);
  });

  it('reports an invalid line through onInvalidRecord and keeps going', async () => {
    const { entries, logger } = memoryLogger();
    const invalid: InvalidRecord[] = [];
    const body = [lines[0], '{"id": "2", "headline": "Trasig', lines[2], ''].join('\n');
    const client = await clientFor(chunked([body], 0, 'application/jsonl'), { apiVersion: 'v2', logger });
    const records = await collect(client.snapshot({ onInvalidRecord: (line) => invalid.push(line) }));
    expect(records).toEqual([ads[0], ads[2]]);
    expect(invalid).toEqual([expect.objectContaining({ line: 2, text: '{"id": "2", "headline": "Trasig' })]);
    const warning = entries.find((entry) => entry.level === 'warn');
    expect(warning?.fields).toMatchObject({ line: 2 });
    expect(JSON.stringify(warning)).not.toContain('Trasig');
  });

  it('treats an unterminated, unparsable last line as a cut-off body', async () => {
    const client = await clientFor(chunked([`${lines[0]}\n${lines[1]}\n${lines[2]?.slice(0, 40)}`], 0), {
      apiVersion: 'v2',
    });
    const { records, error } = await collectUntilError(client.snapshot());
    expect(records).toEqual(ads.slice(0, 2));
    expect(error).toBeInstanceOf(FeedIncompleteError);
  });

  it('accepts an empty body declared as JSONL as "nothing changed"', async () => {
    const client = await clientFor(chunked([], 0, 'application/x-ndjson'), { apiVersion: 'v2' });
    expect(await collect(client.snapshot())).toEqual([]);
  });

  it('never reads a v1 body as JSONL', async () => {
    const client = await clientFor(chunked([`${lines.join('\n')}\n`], 0, 'application/x-ndjson'));
    const { records, error } = await collectUntilError(client.snapshot());
    expect(records).toEqual([]);
    expect(error).toBeInstanceOf(FeedIncompleteError);
  });
});

describe('stopping early', () => {
  it('closes the connection when the caller breaks out of the loop', async () => {
    let closed = false;
    const client = await clientFor(async (_request, response) => {
      response.on('close', () => (closed = true));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`[${JSON.stringify(ads[0])}`);
      for (let i = 0; i < 100 && !closed; i += 1) {
        await pause(20);
        response.write(`,${JSON.stringify(sampleAd(100 + i))}`);
      }
      response.end(']');
    });
    for await (const _record of client.snapshot()) break;
    for (let i = 0; i < 50 && !closed; i += 1) await pause(10);
    expect(closed).toBe(true);
  });
});
