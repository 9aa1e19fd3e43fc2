import { DAY_MS, stockholmDate, UNCONFIRMED_SUBSCRIPTION_DAYS } from '@jobbportalen/contracts';
import type { DatabaseHandle } from '@jobbportalen/storage';
import type { MailLinks } from '../../mail/mail-links.js';
import { queueMails } from '../../mail/mail-outbox.repository.js';
import {
  deleteRemindedBefore,
  deleteUnconfirmedBefore,
  idleSubscriptions,
  markReminded,
} from './alert-run.repository.js';
import { subscriptionLinks } from './alert-mail.js';
import { summaryOf } from './stored-query.js';

/** A subscription nobody opened or clicked for this long gets one reminder… */
export const IDLE_BEFORE_REMINDER_DAYS = 365;
/** …and is removed this long after it, unless kept. */
export const REMOVAL_AFTER_REMINDER_DAYS = 30;
/** Reminders queued per transaction. */
const REMINDER_BATCH = 500;

export interface HousekeepingResult {
  unconfirmedDeleted: number;
  reminders: number;
  idleDeleted: number;
}

/**
 * The alert tables' upkeep, done with each scheduler tick: unconfirmed visitors' subscriptions go
 * after a week; one idle for a year gets one reminder (queued with its stamp in one transaction),
 * and is deleted a month later unless someone used a link or opened it since. Sent mails and the
 * sent set are not kept here: the indexer's retention housekeeping deletes them, whether or not
 * this process runs the alert scheduler (housekeeping/).
 */
export async function alertHousekeeping(
  database: Pick<DatabaseHandle, 'db'>,
  links: MailLinks,
  now: Date,
): Promise<HousekeepingResult> {
  const { db } = database;
  const unconfirmedDeleted = await deleteUnconfirmedBefore(
    db,
    new Date(now.getTime() - UNCONFIRMED_SUBSCRIPTION_DAYS * DAY_MS),
  );
  const idleBefore = new Date(now.getTime() - IDLE_BEFORE_REMINDER_DAYS * DAY_MS);
  const removeOn = stockholmDate(new Date(now.getTime() + REMOVAL_AFTER_REMINDER_DAYS * DAY_MS));
  let reminders = 0;
  for (;;) {
    const idle = await idleSubscriptions(db, idleBefore, REMINDER_BATCH);
    if (idle.length === 0) break;
    reminders += await db.transaction().execute(async (trx) => {
      const stamped = await markReminded(
        trx,
        idle.map((subscription) => subscription.id),
        idleBefore,
        now,
      );
      return queueMails(
        trx,
        idle
          .filter((subscription) => stamped.has(subscription.id))
          .map((subscription) => {
            const subscriptionUrls = subscriptionLinks(links, subscription);
            return {
              idempotencyKey: `alert-reminder:${subscription.id}:${stockholmDate(now)}`,
              recipient: subscription.recipient,
              payload: {
                kind: 'alert-reminder' as const,
                summary: summaryOf(subscription.queryKey),
                // Opening the subscription's page counts as engagement: that is what keeps it.
                keepUrl: subscriptionUrls.manageUrl,
                removeOn,
                ...subscriptionUrls,
              },
            };
          }),
      );
    });
    if (idle.length < REMINDER_BATCH) break;
  }
  const idleDeleted = await deleteRemindedBefore(
    db,
    new Date(now.getTime() - REMOVAL_AFTER_REMINDER_DAYS * DAY_MS),
  );
  return { unconfirmedDeleted, reminders, idleDeleted };
}
