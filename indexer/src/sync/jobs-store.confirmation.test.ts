import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { normalizedJob } from '@jobbportalen/test-support/jobs';
import { upsertJobs } from './jobs-store.js';

const FIRST = new Date('2026-11-20T08:00:00Z');
const LATER = new Date('2026-11-22T08:00:00Z');

describe.each(testDatabaseKinds())('the feed confirming an unchanged ad on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const stored = (id: string) =>
    database.db
      .selectFrom('jobs')
      .select(['title', 'lastConfirmedAt', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const queued = async (id: string) =>
    (await database.db.selectFrom('searchOutbox').select('jobId').where('jobId', '=', id).execute()).length;

  it('writes the confirmation time with a new or changed ad', async () => {
    const before = new Date();
    await upsertJobs(database.db, [normalizedJob('conf-1', { sourceUpdatedAt: FIRST })]);
    const row = await stored('conf-1');
    expect(row.lastConfirmedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row.lastConfirmedAt).toEqual(row.updatedAt);
    expect(await queued('conf-1')).toBe(1);
  });

  it('moves only the confirmation time when the same version comes again, and queues nothing', async () => {
    await upsertJobs(database.db, [normalizedJob('conf-2', { sourceUpdatedAt: FIRST })]);
    await database.db.deleteFrom('searchOutbox').where('jobId', '=', 'conf-2').execute();
    const backdated = new Date('2026-01-01T00:00:00Z');
    await database.db
      .updateTable('jobs')
      .set({ lastConfirmedAt: backdated, updatedAt: backdated })
      .where('id', '=', 'conf-2')
      .execute();

    // Alone (nothing in the batch changed) and beside a changed ad (one transaction).
    await upsertJobs(database.db, [
      normalizedJob('conf-2', { sourceUpdatedAt: FIRST, title: 'Samma version' }),
    ]);
    const alone = await stored('conf-2');
    expect(alone.lastConfirmedAt!.getTime()).toBeGreaterThan(backdated.getTime());
    expect(alone).toMatchObject({ title: 'Lagerarbetare', updatedAt: backdated });
    expect(await queued('conf-2')).toBe(0);

    await database.db
      .updateTable('jobs')
      .set({ lastConfirmedAt: backdated })
      .where('id', '=', 'conf-2')
      .execute();
    await upsertJobs(database.db, [
      normalizedJob('conf-2', { sourceUpdatedAt: FIRST }),
      normalizedJob('conf-3', { sourceUpdatedAt: LATER }),
    ]);
    const beside = await stored('conf-2');
    expect(beside.lastConfirmedAt!.getTime()).toBeGreaterThan(backdated.getTime());
    expect(beside.updatedAt).toEqual(backdated);
    expect(await queued('conf-2')).toBe(0);
    expect(await queued('conf-3')).toBe(1);
  });
});
