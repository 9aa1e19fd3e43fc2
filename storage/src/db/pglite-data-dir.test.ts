import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './create-database.js';
import { createPgliteClusterIfMissing } from './pglite-data-dir.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-pglite-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a PGlite data dir', () => {
  it('is created on first open (in a worker) and keeps what was written across reopening', async () => {
    const dataDir = tempDir();
    const first = await createDatabase({ dataDir });
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    await sql`create table kept (value text)`.execute(first.db);
    await sql`insert into kept values ('Sjuksköterska')`.execute(first.db);
    await first.close();

    const versionFile = path.join(dataDir, 'pglite', 'PG_VERSION');
    const createdAt = fs.statSync(versionFile).mtimeMs;
    const second = await createDatabase({ dataDir });
    try {
      const { rows } = await sql<{ value: string }>`select value from kept`.execute(second.db);
      expect(rows).toEqual([{ value: 'Sjuksköterska' }]);
      // The existing cluster was opened, not created again.
      expect(fs.statSync(versionFile).mtimeMs).toBe(createdAt);
    } finally {
      await second.close();
    }
  });

  it('fails with an error when the directory cannot be made', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    await expect(createPgliteClusterIfMissing(path.join(file, 'pglite'), [])).rejects.toThrow(/ENOTDIR/);
  });
});
