import type { CounterStore } from '../../plugins/rate-limit-store.js';

const ONE_MINUTE = 60_000;
const ONE_HOUR = 60 * ONE_MINUTE;

/** How long an address stays known to an account after a log-in from it succeeded. */
export const KNOWN_ADDRESS_MS = 30 * 24 * ONE_HOUR;

/**
 * Addresses an account has never logged in from may together fail this many times the
 * per-client limit in an hour; then only its known addresses get to try until the hour is over.
 */
export const ACCOUNT_CEILING_FACTOR = 20;

export type LoginAdmission =
  { admitted: true; succeeded(): Promise<void> } | { admitted: false; retryAfterMs: number };

/**
 * Log-in limits that an attacker cannot turn against the account's owner.
 *
 * - A failure streak blocks one e-mail from one client (e-mail + address): `failuresPerClient`
 *   failures a minute, then that client waits; the owner elsewhere logs in as usual. A success
 *   ends the streak; successes are never counted.
 * - Guesses spread over many addresses meet a ceiling per account (`ACCOUNT_CEILING_FACTOR` ×
 *   `failuresPerClient` an hour), counted only for addresses the account has never logged in
 *   from — so it never locks out the owner on a device they have used.
 *
 * An attempt is counted as a failure before the password is checked and taken back when it
 * was right: parallel guesses cannot all pass a count that only grows after the slow hash.
 */
export function loginAttemptGuard(
  stores: { attempts: CounterStore; knownAddresses: CounterStore },
  failuresPerClient: number,
) {
  const accountCeiling = failuresPerClient * ACCOUNT_CEILING_FACTOR;
  const { attempts, knownAddresses } = stores;

  return {
    /** `email` as stored (trimmed, lower case), `client` from clientAddress(). */
    async admit(email: string, client: string): Promise<LoginAdmission> {
      // The client first: it never contains '|', so no e-mail can forge another pair's key.
      const pair = `${client}|${email}`;
      const streakKey = `login-streak:${pair}`;
      const knownKey = `login-known:${pair}`;
      const accountKey = `login-account:${email}`;

      const known = (await knownAddresses.read(knownKey)).count > 0;
      const streak = await attempts.increment(streakKey, ONE_MINUTE);
      if (streak.count > failuresPerClient) return { admitted: false, retryAfterMs: streak.ttlMs };
      if (!known) {
        const account = await attempts.increment(accountKey, ONE_HOUR);
        if (account.count > accountCeiling) return { admitted: false, retryAfterMs: account.ttlMs };
      }
      return {
        admitted: true,
        async succeeded() {
          await Promise.all([
            attempts.reset(streakKey),
            known ? undefined : attempts.decrement(accountKey),
            knownAddresses.renew(knownKey, KNOWN_ADDRESS_MS),
          ]);
        },
      };
    },
  };
}
