import { registerReplicas, updateReplica } from '@jobbportalen/storage';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@jobbportalen/test-support/databases';
import { searchGeneration } from './search-generation.js';

describe('searchGeneration', () => {
  let database: TestDatabase;
  let reads = 0;
  /** Counts the queries sent to the database (it observes, it changes nothing). */
  const counting: KyselyPlugin = {
    transformQuery(args) {
      reads++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await registerReplicas(database.db, 'generation_jobs', ['http://a:7700', 'http://b:7700'], 'live');
  });
  afterAll(() => database?.close());

  it('moves once every serving replica has confirmed a change, as read by the next question', async () => {
    const generation = searchGeneration(database.db, 'generation_jobs', ['http://a:7700', 'http://b:7700']);
    const before = await generation.current();
    expect(before).not.toBeNull();
    expect(await generation.current()).toBe(before);
    // One replica ahead: an answer from the other would not have the change yet.
    await updateReplica(database.db, 'generation_jobs', 'http://b:7700', { confirmedSeq: 7 });
    expect(await generation.current()).toBe(before);
    await updateReplica(database.db, 'generation_jobs', 'http://a:7700', { confirmedSeq: 7 });
    const both = await generation.current();
    expect(both).not.toBe(before);
    // A replica whose deliveries fail stops counting: the other one's changes move it on.
    await updateReplica(database.db, 'generation_jobs', 'http://a:7700', { lastError: 'nere' });
    const withoutA = await generation.current();
    expect(withoutA).not.toBe(both);
    await updateReplica(database.db, 'generation_jobs', 'http://b:7700', { confirmedSeq: 9 });
    expect(await generation.current()).not.toBe(withoutA);
    // None serving: nothing may be cached.
    await updateReplica(database.db, 'generation_jobs', 'http://b:7700', { state: 'filling' });
    expect(await generation.current()).toBeNull();
  });

  it('shares its reads between questions that arrive together', async () => {
    await registerReplicas(database.db, 'generation_jobs', ['http://c:7700'], 'live');
    const generation = searchGeneration(database.db.withPlugin(counting), 'generation_jobs', [
      'http://c:7700',
    ]);
    reads = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => generation.current()));
    expect(new Set(answers)).toEqual(new Set(['0@http://c:7700']));
    // One read for the first question, one after it for all that came while it ran.
    expect(reads).toBeLessThanOrEqual(2);
  });

  it('where this process is the only writer, reads once per write instead of once per question', async () => {
    await registerReplicas(database.db, 'generation_jobs', ['http://d:7700'], 'live');
    const options = { onlyWriterHere: true };
    const generation = searchGeneration(
      database.db.withPlugin(counting),
      'generation_jobs',
      ['http://d:7700'],
      options,
    );
    try {
      const first = await generation.current();
      reads = 0;
      for (let question = 0; question < 20; question++) expect(await generation.current()).toBe(first);
      expect(reads).toBe(0);

      // A write here: the very next question reads again and sees it.
      await updateReplica(database.db, 'generation_jobs', 'http://d:7700', { confirmedSeq: 3 });
      const moved = await generation.current();
      expect(moved).toBe('3@http://d:7700');
      expect(reads).toBe(1);
      expect(await generation.current()).toBe(moved);
      expect(reads).toBe(1);

      // A write while a read is under way: that read's answer is not kept.
      const during = generation.current();
      await updateReplica(database.db, 'generation_jobs', 'http://d:7700', { confirmedSeq: 4 });
      await during;
      expect(await generation.current()).toBe('4@http://d:7700');

      // None serving is asked again next time, never kept.
      await updateReplica(database.db, 'generation_jobs', 'http://d:7700', { state: 'filling' });
      expect(await generation.current()).toBeNull();
      reads = 0;
      expect(await generation.current()).toBeNull();
      expect(reads).toBe(1);
    } finally {
      generation.close();
    }
  });
});
