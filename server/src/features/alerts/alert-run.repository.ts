// The alert runs' SQL: which subscriptions are due (a page at a time), their sent sets, and what
// a run records (alert_mails, watermarks). Also the housekeeping of idle and unconfirmed ones.
// alert_mails is owned here; saved_searches is shared with saved-searches.repository.ts.
import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

/** A subscription a run looks at, with the address its mails go to. */
export interface DueSubscription {
  id: string;
  name: string;
  queryKey: string;
  /** The account it belongs to; null for a visitor's subscription. */
  userId: string | null;
  alert: 'instant' | 'daily' | 'weekly';
  confirmedAt: Date;
  checkedUntil: Date | null;
  recipient: string;
}

/** Which subscriptions a run takes. */
export type DueCriteria =
  /** An admin's run: every subscription that may get mail, as if its time had come. */
  | { kind: 'all' }
  | {
      kind: 'scheduled';
      /** Daily ones not checked up to this moment; null: daily ones are not due in this run. */
      dailyMoment: Date | null;
      /** Weekly ones likewise. */
      weeklyMoment: Date | null;
      /** Instant ones last mailed at or before this (at most a mail an hour)… */
      instantMailedBefore: Date;
      /** …and not yet checked up to the run's horizon. */
      horizon: Date;
    };

/** Where the previous page ended: subscriptions come in (query key, id) order. */
export interface DueCursor {
  queryKey: string;
  id: string;
}

/**
 * One page of the subscriptions a run takes, grouped by query (query key order) so each distinct
 * query is searched once. Only subscriptions that may get mail: confirmed, an alert on, and for an
 * account a verified address. A page is read as it comes (keyset), never the whole table at once.
 */
export async function dueSubscriptionsPage(
  db: Db,
  criteria: DueCriteria,
  after: DueCursor | null,
  limit: number,
): Promise<DueSubscription[]> {
  const due =
    criteria.kind === 'all'
      ? sql`true`
      : sql`(
          (s.alert = 'daily' and ${criteria.dailyMoment}::timestamptz is not null
            and coalesce(s.checked_until, '-infinity') < ${criteria.dailyMoment}::timestamptz)
          or (s.alert = 'weekly' and ${criteria.weeklyMoment}::timestamptz is not null
            and coalesce(s.checked_until, '-infinity') < ${criteria.weeklyMoment}::timestamptz)
          or (s.alert = 'instant'
            and coalesce(s.last_mailed_at, '-infinity') <= ${criteria.instantMailedBefore}::timestamptz
            and coalesce(s.checked_until, '-infinity') < ${criteria.horizon}::timestamptz)
        )`;
  const cursor = after ? sql`(s.query_key, s.id) > (${after.queryKey}, ${after.id}::uuid)` : sql`true`;
  const result = await sql<DueSubscription>`
    select s.id, s.name, s.query_key, s.user_id, s.alert, s.confirmed_at, s.checked_until,
      coalesce(u.email, s.email) as recipient
    from saved_searches s
    left join users u on u.id = s.user_id
    where s.alert <> 'off' and s.confirmed_at is not null
      and (s.user_id is null or u.email_verified_at is not null)
      and ${due} and ${cursor}
    order by s.query_key, s.id
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * The ads among `candidateIds` each subscription has already been sent. Only mails written after
 * the subscription's `since` can hold an ad first seen after it (a mail is written after the ads
 * it reports were first seen; an hour's margin covers clocks that disagree), so the sent set is
 * read from the recent mails alone however long the subscription has run.
 */
export async function sentJobIds(
  db: Db,
  subscriptions: readonly { id: string; since: Date }[],
  candidateIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const sent = new Map<string, Set<string>>();
  if (subscriptions.length === 0 || candidateIds.length === 0) return sent;
  const result = await sql<{ savedSearchId: string; jobId: string }>`
    select a.saved_search_id, j.job_id
    from unnest(${subscriptions.map((s) => s.id)}::uuid[], ${subscriptions.map((s) => s.since)}::timestamptz[])
      as s(id, since)
    join alert_mails a on a.saved_search_id = s.id and a.created_at > s.since - interval '1 hour'
    cross join lateral unnest(a.job_ids) as j(job_id)
    where j.job_id = any(${[...candidateIds]}::text[])`.execute(db);
  for (const row of result.rows) {
    let set = sent.get(row.savedSearchId);
    if (!set) sent.set(row.savedSearchId, (set = new Set()));
    set.add(row.jobId);
  }
  return sent;
}

/**
 * Records alert mails in the sent set — only for subscriptions that still exist with an alert on
 * (one unsubscribed meanwhile gets nothing) and only once per (subscription, period): a repeated
 * or resumed run finds its period already recorded. Returns the subscription ids recorded now;
 * the caller queues exactly their mails in the same transaction.
 */
export async function insertAlertMails(
  db: Db,
  mails: readonly { savedSearchId: string; period: string; jobIds: readonly string[] }[],
): Promise<Set<string>> {
  if (mails.length === 0) return new Set();
  // job_ids travel as one JSON text per mail: a text[][] of ragged arrays does not exist.
  const result = await sql<{ savedSearchId: string }>`
    insert into alert_mails (saved_search_id, period, job_ids)
    select m.id, m.period, array(select jsonb_array_elements_text(m.job_ids::jsonb))
    from unnest(${mails.map((m) => m.savedSearchId)}::uuid[], ${mails.map((m) => m.period)}::text[],
      ${mails.map((m) => JSON.stringify(m.jobIds))}::text[]) as m(id, period, job_ids)
    where exists (select 1 from saved_searches s where s.id = m.id and s.alert <> 'off')
    on conflict (saved_search_id, period) do nothing
    returning saved_search_id`.execute(db);
  return new Set(result.rows.map((row) => row.savedSearchId));
}

/**
 * Moves the watermarks of a run's subscriptions to its horizon (never backwards), and stamps
 * `mailedAt` on those that got a mail.
 */
export async function advanceWatermarks(
  db: Db,
  ids: readonly string[],
  horizon: Date,
  mailed: { ids: readonly string[]; at: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update saved_searches
    set checked_until = greatest(checked_until, ${horizon}::timestamptz),
      last_mailed_at = case when id = any(${[...mailed.ids]}::uuid[]) then ${mailed.at}::timestamptz
        else last_mailed_at end
    where id = any(${[...ids]}::uuid[])`.execute(db);
}

// ---- Housekeeping ------------------------------------------------------------------------------

/** Deletes visitors' subscriptions nobody confirmed since before `before`. Returns how many. */
export async function deleteUnconfirmedBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('savedSearches')
    .where('userId', 'is', null)
    .where('confirmedAt', 'is', null)
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A subscription idle long enough to be reminded. */
export interface IdleSubscription {
  id: string;
  queryKey: string;
  recipient: string;
}

/**
 * Up to `limit` subscriptions that mail someone, idle (not engaged) since before `idleBefore`
 * and not yet reminded.
 */
export async function idleSubscriptions(
  db: Db,
  idleBefore: Date,
  limit: number,
): Promise<IdleSubscription[]> {
  const result = await sql<IdleSubscription>`
    select s.id, s.query_key, coalesce(u.email, s.email) as recipient
    from saved_searches s
    left join users u on u.id = s.user_id
    where s.alert <> 'off' and s.confirmed_at is not null
      and (s.user_id is null or u.email_verified_at is not null)
      and s.last_engaged_at < ${idleBefore}::timestamptz and s.reminder_sent_at is null
    order by s.id
    limit ${limit}`.execute(db);
  return result.rows;
}

/** Stamps the reminder (only while still idle and unreminded). Returns the ids stamped. */
export async function markReminded(
  db: Db,
  ids: readonly string[],
  idleBefore: Date,
  at: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await sql<{ id: string }>`
    update saved_searches set reminder_sent_at = ${at}::timestamptz
    where id = any(${[...ids]}::uuid[]) and reminder_sent_at is null
      and last_engaged_at < ${idleBefore}::timestamptz
    returning id`.execute(db);
  return new Set(result.rows.map((row) => row.id));
}

/** Deletes subscriptions reminded before `remindedBefore` and not engaged since. Returns how many. */
export async function deleteRemindedBefore(db: Db, remindedBefore: Date): Promise<number> {
  const result = await sql`
    delete from saved_searches
    where reminder_sent_at < ${remindedBefore}::timestamptz and last_engaged_at <= reminder_sent_at`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** The sent sets of these saved searches (one row per alert mail), oldest first: for an export. */
export function alertMailsOf(db: Db, savedSearchIds: readonly string[]) {
  if (savedSearchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alertMails')
    .select(['savedSearchId', 'period', 'jobIds', 'createdAt'])
    .where('savedSearchId', 'in', savedSearchIds)
    .orderBy('createdAt')
    .orderBy('period')
    .execute();
}

/**
 * Deletes up to `limit` rows of the sent set written before `before` (RETENTION_ALERT_SENT_DAYS).
 * A row is read only while it is younger than its subscription's watermark less the look-back
 * and an hour (sentJobIds), and every alert on moves its watermark at least weekly: a row far
 * older than that can no longer keep an ad from being mailed twice. Returns how many; fewer than
 * `limit`: none are left.
 */
export async function deleteSentSetBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from alert_mails
    where (saved_search_id, period) in (
      select saved_search_id, period from alert_mails where created_at < ${before}::timestamptz
      limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
