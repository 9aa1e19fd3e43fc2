import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './create-database.js';
import { createPgliteTemplate } from './pglite-template.js';

const appliedMigrations = async (handle: DatabaseHandle) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows.map(
    (row) => row.name,
  );

describe('a PGlite opened from the migrated template', () => {
  const copies: DatabaseHandle[] = [];
  beforeAll(async () => {
    const template = await createPgliteTemplate();
    for (let i = 0; i < 2; i += 1)
      copies.push(await createDatabase({ dataDir: '', inMemory: true, template }));
  }, 120_000);
  afterAll(async () => {
    for (const copy of copies) await copy.close();
  });

  it('is at the latest migration from the start', async () => {
    const [copy] = copies;
    expect(await appliedMigrations(copy!)).toContain('0007-search-replicas');
    const jobs = await copy!.db.selectFrom('jobs').select('id').execute();
    expect(jobs).toEqual([]);
  });

  it('is a database of its own: what one copy writes, another does not see', async () => {
    const [first, second] = copies;
    await sql`create table only_in_the_first (id int)`.execute(first!.db);
    const tables = async (handle: DatabaseHandle) =>
      (
        await sql<{ tableName: string }>`
          select table_name from information_schema.tables where table_name = 'only_in_the_first'`.execute(
          handle.db,
        )
      ).rows.length;
    expect(await tables(first!)).toBe(1);
    expect(await tables(second!)).toBe(0);
  });
});
