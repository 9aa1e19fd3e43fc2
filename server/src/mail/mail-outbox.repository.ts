import type { Database } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';
import type { MailPayload, QueuedMail } from './mail-kinds.js';

/**
 * The one owner of the mail_outbox table. Features queue mail here — inside the transaction that
 * records what the mail reports — and the mail sender delivers it.
 *
 * What the columns mean while a mail moves through:
 * - status 'queued' and next_attempt_at: when it may next be tried. A sender that claims it moves
 *   next_attempt_at a lease ahead, so a crashed sender's mails come back once the lease runs out.
 * - sent_at: when the mail was last handed to the transport. A sender sets it when it claims the
 *   mail (so a mail on its way already counts against the hourly cap, in every process), keeps
 *   it on 'sent' (the delivery time) and 'failed' (the time it failed), and clears it when the
 *   mail goes back to wait for a retry.
 */
type Db = Kysely<Database>;

/**
 * Queues mails; a mail whose idempotency key is already queued (or sent) is left alone. Returns how
 * many were new. Pass a transaction to queue together with what the mail reports.
 */
export async function queueMails(db: Db, mails: readonly QueuedMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const result = await db
    .insertInto('mailOutbox')
    .values(
      mails.map((mail) => ({
        idempotencyKey: mail.idempotencyKey,
        kind: mail.payload.kind,
        recipient: mail.recipient,
        payload: JSON.stringify(mail.payload),
      })),
    )
    .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export const queueMail = (db: Db, mail: QueuedMail): Promise<number> => queueMails(db, [mail]);

/** A mail a sender has claimed: deliver it, then report the outcome with the functions below. */
export interface ClaimedMail {
  id: string;
  idempotencyKey: string;
  recipient: string;
  payload: MailPayload;
  /** Attempts before this one. */
  attempts: number;
}

export interface MailClaim {
  mails: ClaimedMail[];
  /** True when the hourly cap left no room: queued mails wait although they are due. */
  capped: boolean;
  /** With no mail claimed: milliseconds until the earliest queued mail is due (null: none queued). */
  msUntilNextDue: number | null;
}

export interface ClaimOptions {
  limit: number;
  /** How long the claim holds: after it, another sender may take the mail again. */
  leaseSeconds: number;
  /** Mails handed to the transport in any rolling hour, across every process. */
  maxPerHour: number;
}

/** Any fixed number: the advisory lock that makes claims one at a time, so the cap count is exact. */
const CLAIM_LOCK_KEY = 7_350_101;

/**
 * Claims due mails for delivery: at most `limit`, and no more than the hourly cap leaves room for.
 * Claims are taken one at a time across processes (a transaction-scoped advisory lock), so two
 * senders never both count the same room under the cap; `for update skip locked` keeps a claim
 * from waiting on a row another transaction holds.
 */
export async function claimDueMails(db: Db, options: ClaimOptions): Promise<MailClaim> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
    const handed = await trx
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('sentAt', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    const room = options.maxPerHour - Number(handed.count);
    if (room <= 0) return { mails: [], capped: true, msUntilNextDue: null };

    const claimed = await sql<ClaimedMail>`
      with due as (
        select id from mail_outbox
        where status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${Math.min(options.limit, room)}
        for update skip locked
      )
      update mail_outbox as m
      set next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds}), sent_at = now()
      from due
      where m.id = due.id
      returning m.id::text as id, m.idempotency_key, m.recipient, m.payload, m.attempts`.execute(trx);
    const mails = claimed.rows.map((row) => ({
      ...row,
      // jsonb arrives parsed from both drivers; a text payload is parsed here all the same.
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as MailPayload) : row.payload,
    }));
    if (mails.length > 0) return { mails, capped: false, msUntilNextDue: null };
    return { mails, capped: false, msUntilNextDue: await msUntilNextDue(trx) };
  });
}

async function msUntilNextDue(db: Db): Promise<number | null> {
  const next = await sql<{ ms: string | null }>`
    select (extract(epoch from min(next_attempt_at) - now()) * 1000)::bigint::text as ms
    from mail_outbox where status = 'queued'`.execute(db);
  const ms = next.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

/** Delivered: 'sent' at this moment. Only mails still queued change (a lease that ran out is no excuse to undo a state). */
export async function markMailsSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update mail_outbox
    set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
    where id = any(${[...ids]}::bigint[]) and status = 'queued'`.execute(db);
}

export interface MailRetry {
  id: string;
  /** From now until the next attempt. */
  delayMs: number;
  error: string;
}

/** Not delivered this time: back in the queue, due after its delay. */
export async function markMailsForRetry(db: Db, retries: readonly MailRetry[]): Promise<void> {
  if (retries.length === 0) return;
  // Arrays rather than a list of tuples: PGlite ignores such a list past 256 entries.
  await sql`
    update mail_outbox as m
    set attempts = m.attempts + 1, last_error = r.error, sent_at = null,
        next_attempt_at = now() + r.delay_ms * interval '1 millisecond'
    from unnest(
      ${retries.map((retry) => retry.id)}::bigint[],
      ${retries.map((retry) => Math.max(0, Math.round(retry.delayMs)))}::bigint[],
      ${retries.map((retry) => retry.error)}::text[]
    ) as r(id, delay_ms, error)
    where m.id = r.id and m.status = 'queued'`.execute(db);
}

export interface MailFailure {
  id: string;
  error: string;
}

/** Given up (a permanent rejection, or too many attempts): 'failed', never tried again. */
export async function markMailsFailed(db: Db, failures: readonly MailFailure[]): Promise<void> {
  if (failures.length === 0) return;
  await sql`
    update mail_outbox as m
    set status = 'failed', attempts = m.attempts + 1, last_error = f.error, sent_at = now()
    from unnest(
      ${failures.map((failure) => failure.id)}::bigint[],
      ${failures.map((failure) => failure.error)}::text[]
    ) as f(id, error)
    where m.id = f.id and m.status = 'queued'`.execute(db);
}

/** The outbox as Översikt shows it. */
export interface MailQueueState {
  queued: number;
  failed: number;
  /** When the longest-waiting queued mail was queued (ISO 8601), or null. */
  oldestQueuedAt: string | null;
}

export async function mailQueueState(db: Db): Promise<MailQueueState> {
  const result = await sql<{ queued: string; failed: string; oldest: Date | null }>`
    select count(*) filter (where status = 'queued') as queued,
           count(*) filter (where status = 'failed') as failed,
           min(created_at) filter (where status = 'queued') as oldest
    from mail_outbox`.execute(db);
  const row = result.rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestQueuedAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
  };
}

/**
 * The queue alone, for a metrics scrape every few seconds: only queued rows (the partial index
 * mail_outbox_queue), where mailQueueState also counts every failed mail ever kept.
 */
export async function mailQueueNow(db: Db): Promise<{ queued: number; oldestQueuedAt: Date | null }> {
  const result = await sql<{ queued: string; oldest: Date | null }>`
    select count(*) as queued, min(created_at) as oldest from mail_outbox where status = 'queued'`.execute(
    db,
  );
  const row = result.rows[0];
  return { queued: Number(row?.queued ?? 0), oldestQueuedAt: row?.oldest ? new Date(row.oldest) : null };
}

export interface MailDay {
  /** The Stockholm calendar day, 'YYYY-MM-DD'. */
  day: string;
  sent: number;
  failed: number;
}

/** Mails sent and failed per Stockholm day, the last `days` days including today, oldest first, no gaps. */
export async function mailsPerDay(db: Db, days = 30): Promise<MailDay[]> {
  const result = await sql<{ day: string; sent: string; failed: string }>`
    with bounds as (
      select (now() at time zone 'Europe/Stockholm')::date as today
    ),
    counted as (
      select (sent_at at time zone 'Europe/Stockholm')::date as day,
             count(*) filter (where status = 'sent') as sent,
             count(*) filter (where status = 'failed') as failed
      from mail_outbox, bounds
      where status in ('sent', 'failed')
        and sent_at >= ((bounds.today - ${days - 1}::int)::timestamp at time zone 'Europe/Stockholm')
      group by 1
    ),
    calendar as (
      select generate_series(today - ${days - 1}::int, today, interval '1 day')::date as day from bounds
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(c.sent, 0)::text as sent, coalesce(c.failed, 0)::text as failed
    from calendar d
    left join counted c on c.day = d.day
    order by d.day`.execute(db);
  return result.rows.map((row) => ({ day: row.day, sent: Number(row.sent), failed: Number(row.failed) }));
}

/** The mails about one subscription: their keys are '<kind>:<subscription id>:…'. */
const SUBSCRIPTION_MAIL_KINDS = ['alert', 'alert-confirm', 'alert-reminder'];

/**
 * An ended subscription's mails: the ones still queued are withdrawn (nothing more is sent), and
 * with `eraseAddress` the sent ones keep no address or content (a visitor's address is erased).
 */
export async function forgetSubscriptionMails(
  db: Db,
  subscriptionId: string,
  options: { eraseAddress: boolean },
): Promise<void> {
  await db
    .deleteFrom('mailOutbox')
    .where('status', '=', 'queued')
    .where('kind', 'in', SUBSCRIPTION_MAIL_KINDS)
    .where(sql<string>`split_part(idempotency_key, ':', 2)`, '=', subscriptionId)
    .execute();
  if (!options.eraseAddress) return;
  await db
    .updateTable('mailOutbox')
    .set({ recipient: '', payload: '{}' })
    .where('kind', 'in', SUBSCRIPTION_MAIL_KINDS)
    .where(sql<string>`split_part(idempotency_key, ':', 2)`, '=', subscriptionId)
    .execute();
}

/**
 * Deletes up to `limit` delivered and failed mails (addresses included) created before `before`:
 * the retention housekeeping passes RETENTION_MAIL_DAYS, at least the admin's 30-day chart. Queued
 * mails stay whatever their age. Returns how many; fewer than `limit`: none are left.
 */
export async function deleteOldMails(db: Db, before: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from mail_outbox
    where id in (
      select id from mail_outbox where status <> 'queued' and created_at < ${before}::timestamptz
      limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A deleted account's address: its queued mails are withdrawn, the sent ones keep no address or content. */
export async function eraseRecipient(db: Db, email: string): Promise<void> {
  await db.deleteFrom('mailOutbox').where('status', '=', 'queued').where('recipient', '=', email).execute();
  await db
    .updateTable('mailOutbox')
    .set({ recipient: '', payload: '{}' })
    .where('recipient', '=', email)
    .execute();
}

/**
 * The mails kept for an address, newest first, without their content: the payload holds the
 * mail's one-time links (a reset, a verification), which an export must not hand out again.
 */
export function mailsToRecipient(db: Db, email: string) {
  return db
    .selectFrom('mailOutbox')
    .select(['kind', 'status', 'attempts', 'createdAt', 'sentAt'])
    .where('recipient', '=', email)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
