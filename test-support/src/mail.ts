// Mails as the tests see them: read from the outbox the portal queues them in.
import type { DatabaseHandle } from '@jobbportalen/storage';

/**
 * The link `field` (a payload's URL: verifyUrl, resetUrl, confirmUrl …) of the newest queued
 * mail of `kind` to `recipient`; undefined while there is none.
 */
export async function newestMailLink(
  db: DatabaseHandle['db'],
  recipient: string,
  kind: string,
  field: string,
): Promise<URL | undefined> {
  const mail = await db
    .selectFrom('mailOutbox')
    .select('payload')
    .where('recipient', '=', recipient)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const link = (mail?.payload as Record<string, unknown> | undefined)?.[field];
  return typeof link === 'string' ? new URL(link) : undefined;
}
