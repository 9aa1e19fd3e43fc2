import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { jobRow } from '@jobbportalen/test-support/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPortalHint, emptyPortalHintFor } from './empty-portal-hint.js';

const URL = 'http://localhost:3000';
const OFF = { feedAutoImport: false, adminEmail: undefined, publicUrl: undefined };

describe('emptyPortalHint', () => {
  it('names the admin import page when ADMIN_EMAIL is set, and both ways to get ads', () => {
    const hint = emptyPortalHint({ ...OFF, adminEmail: 'admin@example.se' }, URL);
    expect(hint).toBe(
      'Portalen har inga annonser ännu, och automatisk import är av. Hämta alla annonser: logga in ' +
        "som admin (ADMIN_EMAIL) på http://localhost:3000/admin/import och välj 'Full import', eller " +
        'starta med FEED_AUTO_IMPORT=true.',
    );
    // The address is the admin's to know; the console names the variable, not its value.
    expect(hint).not.toContain('admin@example.se');
  });

  it('prefers PUBLIC_URL to the listening address', () => {
    expect(
      emptyPortalHint({ ...OFF, adminEmail: 'a@b.se', publicUrl: 'https://jobb.example.se' }, URL),
    ).toContain('https://jobb.example.se/admin/import');
  });

  it('without ADMIN_EMAIL says how to get an admin account', () => {
    const hint = emptyPortalHint(OFF, URL);
    expect(hint).toContain(
      "Admin → Import → 'Full import' (ADMIN_EMAIL och ADMIN_PASSWORD ger ett adminkonto)",
    );
    expect(hint).toContain('FEED_AUTO_IMPORT=true');
    expect(hint).not.toContain('/admin/import');
  });
});

describe.each(testDatabaseKinds())('emptyPortalHintFor on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('hints while there is no live ad and auto-import is off, and only then', async () => {
    expect(await emptyPortalHintFor(database.db, OFF, URL)).toBe(emptyPortalHint(OFF, URL));
    expect(await emptyPortalHintFor(database.db, { ...OFF, feedAutoImport: true }, URL)).toBeNull();

    // A removed ad does not fill the portal; a live one does.
    await database.db
      .insertInto('jobs')
      .values(jobRow({ id: 'hint-removed', removedAt: new Date() }))
      .execute();
    expect(await emptyPortalHintFor(database.db, OFF, URL)).not.toBeNull();
    await database.db
      .insertInto('jobs')
      .values(jobRow({ id: 'hint-live' }))
      .execute();
    expect(await emptyPortalHintFor(database.db, OFF, URL)).toBeNull();
  });
});
