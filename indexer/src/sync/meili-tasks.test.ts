import { testSearch } from '@jobbportalen/test-support/search';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskPipeline } from './meili-tasks.js';

// The run's shared Meilisearch, an index of this file's own. The documents are small: Meilisearch
// runs every index's tasks one after another, so a heavy one here would hold up other files.
describe('TaskPipeline', () => {
  const search = testSearch('tasks');
  afterEach(async () => void (await search.client.deleteIndexIfExists(search.indexUid)));

  const sendBatch = async (first: number) => {
    const documents = Array.from({ length: 200 }, (_, n) => ({ id: first + n, text: `rad ${first + n}` }));
    const task = await search.client.index(search.indexUid).addDocuments(documents, { primaryKey: 'id' });
    return task.taskUid;
  };

  it('confirms sent work in order once Meilisearch has done it', async () => {
    const pipeline = new TaskPipeline<string>(search.client, 1, new AbortController().signal);
    expect(await pipeline.add([await sendBatch(0)], 'first')).toEqual([]);
    // A second batch past maxInFlight waits for the first.
    expect(await pipeline.add([await sendBatch(200)], 'second')).toEqual(['first']);
    expect(await pipeline.confirmOldest()).toBe('second');
    expect(pipeline.size).toBe(0);
    expect((await search.client.index(search.indexUid).getStats()).numberOfDocuments).toBe(400);
  });

  it('stops waiting when its signal aborts, with the reason, and keeps the work unconfirmed', async () => {
    const stopping = new AbortController();
    const pipeline = new TaskPipeline<string>(search.client, 2, stopping.signal);
    await pipeline.add([await sendBatch(0)], 'sent');
    const waiting = pipeline.confirmOldest();
    stopping.abort(new Error('the daemon stops'));
    await expect(waiting).rejects.toThrow('the daemon stops');
    expect(pipeline.size).toBe(1);
    // Once stopped, no new wait starts either.
    await expect(pipeline.confirmOldest()).rejects.toThrow('the daemon stops');
  });
});
