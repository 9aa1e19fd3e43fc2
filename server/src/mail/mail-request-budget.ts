import { MAIL_REQUESTS_PER_ADDRESS_PER_HOUR } from '../config.js';
import type { CounterStore } from '../plugins/rate-limit-store.js';

const ONE_HOUR = 60 * 60_000;

/**
 * How many mails one address may be sent on request (reset links, verification resends) in an
 * hour. Beyond it a request is answered as usual and simply sends nothing: the answer must not
 * tell whether an address has an account, and someone trying to flood another person's inbox
 * only learns that their requests are accepted. Counted per requested address whether or not
 * it has an account, so a known and an unknown address cost the same work.
 */
export function mailRequestBudget(store: CounterStore, perHour = MAIL_REQUESTS_PER_ADDRESS_PER_HOUR) {
  return {
    /** Counts one request for `email` (as stored: trimmed, lower case); true while within the budget. */
    async spend(email: string): Promise<boolean> {
      const { count } = await store.increment(`mail-requests:address:${email}`, ONE_HOUR);
      return count <= perHour;
    },
  };
}

export type MailRequestBudget = ReturnType<typeof mailRequestBudget>;
