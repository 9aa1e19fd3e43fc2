import type { DatabaseHandle } from '@jobbportalen/storage';
import { MAIL_REQUESTS_PER_ADDRESS_PER_HOUR } from '../config.js';
import { sharedCounterStore, type CounterStore } from '../plugins/rate-limit-store.js';
import { mailboxOf } from './mailbox.js';

const ONE_HOUR = 60 * 60_000;

/**
 * How many mails one mailbox may be sent on request in an hour: every mail a request sends to an
 * address someone typed (verification at registration and on resend, reset links, alert
 * confirmations, 'someone tried to register with your address') spends from one budget. Beyond
 * it a request is answered as usual and simply sends nothing: the answer must not tell whether an
 * address has an account, and someone trying to flood another person's inbox only learns that
 * their requests are accepted. Counted per requested address whether or not it has an account,
 * so a known and an unknown address cost the same work; counted per mailbox (mailboxOf), so
 * `victim+1@` and `Vic.Tim@gmail.com` are the same inbox as `victim@`.
 */
export function mailRequestBudget(store: CounterStore, perHour = MAIL_REQUESTS_PER_ADDRESS_PER_HOUR) {
  return {
    /** Counts one mail requested for `email`; true while its mailbox is within the budget. */
    async spend(email: string): Promise<boolean> {
      const { count } = await store.increment(`mail-requests:address:${mailboxOf(email)}`, ONE_HOUR);
      return count <= perHour;
    },
  };
}

export type MailRequestBudget = ReturnType<typeof mailRequestBudget>;

const budgets = new WeakMap<object, MailRequestBudget>();

/**
 * The one budget of a database, whichever route asks. On PostgreSQL the counters are a table
 * every process shares anyway; on PGlite they are in memory (only one process can open it), and
 * a store per route would give accounts and alerts a budget each. Kept per database handle, so
 * every route of an app (and every app on one database, as in tests) counts in the same place.
 */
export function sharedMailRequestBudget(database: Pick<DatabaseHandle, 'kind' | 'db'>): MailRequestBudget {
  let budget = budgets.get(database.db);
  if (!budget) {
    budget = mailRequestBudget(sharedCounterStore(database));
    budgets.set(database.db, budget);
  }
  return budget;
}
