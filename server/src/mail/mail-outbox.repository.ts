import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { QueuedMail } from './mail-kinds.js';

/**
 * The one owner of the mail_outbox table. Features queue mail here — inside the transaction that
 * records what the mail reports — and the mail sender delivers it.
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
