import { describe, expect, it } from 'vitest';
import { parseJsonArrayRecords } from './json-array-records.js';

async function* pieces(...texts: string[]): AsyncGenerator<string> {
  for (const text of texts) yield text;
}

async function read(texts: AsyncIterable<string>) {
  const records: unknown[] = [];
  try {
    for await (const record of parseJsonArrayRecords(texts)) records.push(record);
    return { records, error: null };
  } catch (error) {
    return { records, error };
  }
}

// Strings that hold what the scan looks for: quotes, backslashes, brackets, commas.
const tricky = [
  { id: '1', text: 'a "quoted" word, [brackets] and {braces}', path: 'C:\\ads\\', end: '\\' },
  'just a string, with "commas"',
  42,
  null,
  [{ nested: ['x', { y: ']' }] }],
  { id: '2', description: { text: 'Välkommen – å ä ö •', html: '<p>Hej</p>' } },
];

describe('parseJsonArrayRecords', () => {
  it('yields every element wherever the text is cut into pieces', async () => {
    const body = JSON.stringify(tricky, null, 1);
    for (let cut = 0; cut <= body.length; cut++) {
      const { records, error } = await read(pieces(body.slice(0, cut), body.slice(cut)));
      expect(error).toBeNull();
      expect(records).toEqual(tricky);
    }
  });

  it('reads text that arrives one character at a time', async () => {
    const body = ` \n${JSON.stringify(tricky)}\n `;
    expect((await read(pieces(...body))).records).toEqual(tricky);
  });

  it('hands out an object as soon as it is closed, before the comma after it', async () => {
    const seen: unknown[] = [];
    async function* slowBody() {
      yield '[{"id":"1"}';
      // The first object must be out before the rest of the body is asked for.
      expect(seen).toEqual([{ id: '1' }]);
      yield ',{"id":"2"}]';
    }
    for await (const record of parseJsonArrayRecords(slowBody())) seen.push(record);
    expect(seen).toEqual([{ id: '1' }, { id: '2' }]);
  });

  it.each([
    ['a missing comma', '[{"id":"1"},{"id":"2"} {"id":"3"}]'],
    ['a comma before the end', '[{"id":"1"},{"id":"2"},]'],
    ['an empty element', '[{"id":"1"},{"id":"2"},,{"id":"3"}]'],
    ['bad JSON inside an element', '[{"id":"1"},{"id":"2"},{"id": nonsense}]'],
    ['a brace closing the array', '[{"id":"1"},{"id":"2"}}'],
    ['text after the end', '[{"id":"1"},{"id":"2"}] {"id":"3"}'],
    ['an array that ends early', '[{"id":"1"},{"id":"2"},{"id":"3'],
  ])('stops at %s, after the elements before it', async (_case, body) => {
    const { records, error } = await read(pieces(body));
    expect(error).toBeInstanceOf(Error);
    expect(records).toEqual([{ id: '1' }, { id: '2' }]);
  });

  it('gives up on an element that never ends instead of buffering it whole', async () => {
    async function* endless() {
      yield '[{"id":"1"},{"text":"';
      for (;;) yield 'x'.repeat(64 * 1024);
    }
    const { records, error } = await read(endless());
    expect(records).toEqual([{ id: '1' }]);
    expect(String(error)).toMatch(/longer than/);
  });

  it('rejects a body that is no array, and an empty body', async () => {
    expect((await read(pieces('{"message":"maintenance"}'))).error).toBeInstanceOf(Error);
    expect((await read(pieces(''))).error).toBeInstanceOf(Error);
    expect((await read(pieces('  [  ]  '))).error).toBeNull();
  });
});
