import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

export function readSettings(db: Db, keys: readonly string[]) {
  return db.selectFrom('siteSettings').select(['key', 'value']).where('key', 'in', keys).execute();
}

export async function upsertSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('siteSettings')
    .values({ key, value, updatedAt: new Date() })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updatedAt: eb.ref('excluded.updatedAt') })),
    )
    .execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('siteSettings').where('key', '=', key).execute();
}
