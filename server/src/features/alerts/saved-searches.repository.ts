// Owns the saved_searches table: an account's saved searches and a visitor's alert subscriptions
// by address alone. The alert runs' SQL (due subscriptions, watermarks) is in alert-run.repository.ts.
import type { AlertFrequency } from '@jobbportalen/contracts';
import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely, type Selectable } from 'kysely';
import { forgetSubscriptionMails } from '../../mail/mail-outbox.repository.js';
import { PROFILE_QUERY_KEY } from './profile-search.js';

type Db = Kysely<Database>;
export type SavedSearchRow = Selectable<Database['savedSearches']>;

const ROW_COLUMNS = [
  'id',
  'userId',
  'email',
  'name',
  'query',
  'queryKey',
  'alert',
  'confirmedAt',
  'createdAt',
  'lastOpenedAt',
  'lastEngagedAt',
  'reminderSentAt',
  'checkedUntil',
  'lastMailedAt',
] as const;

/** What a new saved search or subscription stores about its search. */
export interface StoredSearchValues {
  name: string;
  /** /api/jobs's parameters, canonical. */
  query: Record<string, string | number | boolean | readonly string[]>;
  queryKey: string;
  alert: AlertFrequency;
}

/**
 * Turning an alert on starts it from now: the ads that came while it was off were never promised
 * to anyone, and a first mail with months of ads would be noise.
 */
const watermarkOnAlertChange = (alert: AlertFrequency) =>
  sql<Date | null>`case when saved_searches.alert = 'off' and ${alert}::text <> 'off' then now() else saved_searches.checked_until end`;

// ---- An account's saved searches ---------------------------------------------------------------

/** The account's saved searches, newest first. */
export function listAccountSearches(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db
    .selectFrom('savedSearches')
    .select(ROW_COLUMNS)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type SaveOutcome =
  | { outcome: 'created'; row: SavedSearchRow }
  | { outcome: 'updated'; row: SavedSearchRow }
  | { outcome: 'limit' };

/**
 * Saves a search for an account: the same query again updates the existing one (name, alert);
 * a new one only while the account has fewer than `limit`. One account's saves are serialised by a
 * transaction-scoped advisory lock, so two at once cannot pass the limit together. An account's
 * saved search is confirmed when it is made (the account's own action) and its watermark starts now.
 */
export function saveAccountSearch(
  db: Db,
  userId: string,
  values: StoredSearchValues,
  limit: number,
  renamed: boolean,
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('savedSearches')
      .select('id')
      .where('userId', '=', userId)
      .where('queryKey', '=', values.queryKey)
      .executeTakeFirst();
    if (existing) {
      const row = await trx
        .updateTable('savedSearches')
        .set({
          ...(renamed ? { name: values.name } : {}),
          alert: values.alert,
          checkedUntil: watermarkOnAlertChange(values.alert),
        })
        .where('id', '=', existing.id)
        .returning(ROW_COLUMNS)
        .executeTakeFirstOrThrow();
      return { outcome: 'updated', row };
    }
    const count = await trx
      .selectFrom('savedSearches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= limit) return { outcome: 'limit' };
    const row = await trx
      .insertInto('savedSearches')
      .values({
        userId,
        name: values.name,
        query: JSON.stringify(values.query),
        queryKey: values.queryKey,
        alert: values.alert,
        confirmedAt: sql<Date>`now()`,
        checkedUntil: sql<Date>`now()`,
      })
      .returning(ROW_COLUMNS)
      .executeTakeFirstOrThrow();
    return { outcome: 'created', row };
  });
}

/** Changes the account's saved search; undefined when the account has no such search. */
export function updateAccountSearch(
  db: Db,
  userId: string,
  id: string,
  changes: { name?: string; alert?: AlertFrequency },
): Promise<SavedSearchRow | undefined> {
  return db
    .updateTable('savedSearches')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.alert !== undefined
        ? { alert: changes.alert, checkedUntil: watermarkOnAlertChange(changes.alert) }
        : {}),
    })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning(ROW_COLUMNS)
    .executeTakeFirst();
}

export async function deleteAccountSearch(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('savedSearches')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    // A mail an earlier run queued for it is not sent any more.
    await forgetSubscriptionMails(trx, id, { eraseAddress: false });
    return true;
  });
}

/**
 * Removes the account's 'Jobb som matchar min profil' (its profile was deleted: there is nothing
 * left to match). Call it in the transaction that deletes the profile. False when it had none.
 */
export async function deleteProfileSearch(db: Db, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('savedSearches')
    .where('userId', '=', userId)
    .where('queryKey', '=', PROFILE_QUERY_KEY)
    .returning('id')
    .executeTakeFirst();
  // A mail an earlier run queued for it is not sent any more.
  if (removed) await forgetSubscriptionMails(db, removed.id, { eraseAddress: false });
  return removed !== undefined;
}

/**
 * Marks the account's saved search opened (and engaged) now; returns its query key and when it
 * was opened before, or undefined when the account has no such search.
 */
export async function openAccountSearch(
  db: Db,
  userId: string,
  id: string,
): Promise<{ queryKey: string; previousOpenedAt: Date } | undefined> {
  const result = await sql<{ queryKey: string; previousOpenedAt: Date }>`
    with previous as (
      select id, last_opened_at from saved_searches where id = ${id} and user_id = ${userId} for update
    )
    update saved_searches as s
    set last_opened_at = now(), last_engaged_at = now(), reminder_sent_at = null
    from previous
    where s.id = previous.id
    returning s.query_key, previous.last_opened_at as previous_opened_at`.execute(db);
  return result.rows[0];
}

// ---- A visitor's subscriptions (and any subscription reached from a mail link) -----------------

/**
 * A visitor's subscription of `email` to a query: a new unconfirmed one, or the existing one for
 * the same address and query (whose frequency changes only while unconfirmed: a confirmed one is
 * changed through its mail's link). `created` tells which. A new query is stored only while the
 * address has fewer than `maxUnconfirmed` unconfirmed subscriptions, else undefined: one
 * address's subscribing is serialised by a transaction-scoped advisory lock, so requests at once
 * cannot pass the cap together.
 */
export async function upsertVisitorSubscription(
  db: Db,
  email: string,
  values: StoredSearchValues,
  maxUnconfirmed: number,
): Promise<{ id: string; confirmedAt: Date | null; created: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`visitor-subscriptions:${email}`}))`.execute(trx);
    const { rows } = await sql<{ unconfirmed: string; known: boolean }>`
      select count(*) filter (where confirmed_at is null) as unconfirmed,
             coalesce(bool_or(query_key = ${values.queryKey}), false) as known
      from saved_searches where email = ${email} and user_id is null`.execute(trx);
    const { unconfirmed, known } = rows[0]!;
    if (!known && Number(unconfirmed) >= maxUnconfirmed) return undefined;
    const result = await sql<{ id: string; confirmedAt: Date | null; created: boolean }>`
      insert into saved_searches (email, name, query, query_key, alert)
      values (${email}, ${values.name}, ${JSON.stringify(values.query)}::jsonb, ${values.queryKey}, ${values.alert})
      on conflict (email, query_key) where user_id is null do update set
        alert = case when saved_searches.confirmed_at is null then excluded.alert else saved_searches.alert end
      returning id, confirmed_at, (xmax = 0) as created`.execute(trx);
    return result.rows[0]!;
  });
}

/** Every subscription an address holds without an account, oldest first (what we hold for it). */
export function listVisitorSubscriptions(db: Db, email: string): Promise<SavedSearchRow[]> {
  return db
    .selectFrom('savedSearches')
    .select(ROW_COLUMNS)
    .where('email', '=', email)
    .where('userId', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** A subscription, and whether its address is one alerts may go to. */
export function findSubscription(db: Db, id: string): Promise<SavedSearchRow | undefined> {
  return db.selectFrom('savedSearches').select(ROW_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Confirms a subscription (double opt-in) and counts it as engagement. The first confirmation
 * starts the watermark: only ads first seen after it count.
 */
export function confirmSubscription(db: Db, id: string): Promise<SavedSearchRow | undefined> {
  return db
    .updateTable('savedSearches')
    .set({
      confirmedAt: sql<Date>`coalesce(confirmed_at, now())`,
      checkedUntil: sql<Date>`case when confirmed_at is null then now() else checked_until end`,
      lastEngagedAt: sql<Date>`now()`,
      reminderSentAt: null,
    })
    .where('id', '=', id)
    .returning(ROW_COLUMNS)
    .executeTakeFirst();
}

/** Records a click on a subscription's mail link (a reminder then no longer applies). */
export function engageSubscription(db: Db, id: string): Promise<SavedSearchRow | undefined> {
  return db
    .updateTable('savedSearches')
    .set({ lastEngagedAt: sql<Date>`now()`, reminderSentAt: null })
    .where('id', '=', id)
    .returning(ROW_COLUMNS)
    .executeTakeFirst();
}

/** Changes a subscription's frequency from its mail's link (and counts that as engagement). */
export function setSubscriptionAlert(
  db: Db,
  id: string,
  alert: AlertFrequency,
): Promise<SavedSearchRow | undefined> {
  return db
    .updateTable('savedSearches')
    .set({
      alert,
      checkedUntil: watermarkOnAlertChange(alert),
      lastEngagedAt: sql<Date>`now()`,
      reminderSentAt: null,
    })
    .where('id', '=', id)
    .returning(ROW_COLUMNS)
    .executeTakeFirst();
}

/**
 * Ends a subscription's mails: a visitor's row is deleted (the address erased, its sent set goes
 * with it), an account's saved search is kept with its alert off. Unknown ids are a no-op.
 */
export async function unsubscribe(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const visitor = await trx
      .deleteFrom('savedSearches')
      .where('id', '=', id)
      .where('userId', 'is', null)
      .returning('id')
      .executeTakeFirst();
    await trx
      .updateTable('savedSearches')
      .set({ alert: 'off' })
      .where('id', '=', id)
      .where('userId', 'is not', null)
      .execute();
    // Nothing more is sent, not even a mail an earlier run queued; a visitor's address goes.
    await forgetSubscriptionMails(trx, id, { eraseAddress: visitor !== undefined });
  });
}

// ---- Overview ----------------------------------------------------------------------------------

/** Confirmed subscriptions by frequency, and the unconfirmed ones. */
export async function subscriptionCounts(db: Db): Promise<Record<AlertFrequency | 'unconfirmed', number>> {
  const rows = await db
    .selectFrom('savedSearches')
    .select((eb) => [
      sql<string>`case when confirmed_at is null then 'unconfirmed' else alert end`.as('bucket'),
      eb.fn.countAll<string>().as('count'),
    ])
    .groupBy('bucket')
    .execute();
  const counts = { instant: 0, daily: 0, weekly: 0, off: 0, unconfirmed: 0 };
  for (const row of rows) counts[row.bucket as keyof typeof counts] = Number(row.count);
  return counts;
}
