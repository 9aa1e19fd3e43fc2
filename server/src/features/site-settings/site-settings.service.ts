import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { deleteSetting, readSettings, upsertSetting } from './site-settings.repository.js';
import { SETTING_KEYS, type SiteSettings, type SiteSettingsUpdate } from './site-settings.schemas.js';

export async function getSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const rows = await readSettings(db, SETTING_KEYS);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, byKey.get(key) ?? null])) as SiteSettings;
}

/** Applies the given fields in one transaction; values arrive trimmed, '' and null clear a text. */
export async function updateSiteSettings(db: Kysely<Database>, update: SiteSettingsUpdate): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const key of SETTING_KEYS) {
      const value = update[key];
      if (value === undefined) continue;
      if (value === null || value === '') await deleteSetting(trx, key);
      else await upsertSetting(trx, key, value);
    }
  });
}
