import { JOBS_FOR_YOU_ANCHOR, PAGES } from '@jobbportalen/contracts';
import type { SignedTokens } from '../http/signed-tokens.js';

/** A visitor's confirmation link works this long; unconfirmed subscriptions are deleted after it. */
const CONFIRM_LINK_SECONDS = 7 * 24 * 3600;
/** A reset link works for an hour, and once (it is bound to the account's token version). */
const RESET_LINK_SECONDS = 3600;
/** A verification link works for a week (it is bound to the address it verifies). */
const VERIFY_LINK_SECONDS = 7 * 24 * 3600;
/**
 * A subscription's manage and unsubscribe links work for 400 days. Alerts go out instantly,
 * daily or weekly, each mail with fresh links, but only when there are new ads, so the last mail
 * of a quiet search may be the newest a person has. A subscription nobody uses gets a reminder
 * with fresh links a year after its last use and is deleted a month later
 * (alert-housekeeping.ts): 400 days keep the links of its last mail working as long as it may
 * exist without a newer mail, and a link leaked anywhere still ends.
 */
export const MANAGE_LINK_SECONDS = 400 * 24 * 3600;

/**
 * The absolute links our mails carry, each with a signed single-purpose token. One place builds
 * them, so the pages (contracts' PAGES) and the API routes that read the tokens agree with the mails.
 */
export interface MailLinks {
  /** A job ad on the portal. */
  job(id: string): string;
  /** A search on /jobb, from its query string (serializeJobQuery, no '?'). */
  search(queryString: string): string;
  /** 'Jobb för dig' on the dashboard, where a profile search's ads are (no token: it needs a login). */
  jobsForYou(): string;
  confirmAlert(subscriptionId: string): string;
  manageAlert(subscriptionId: string): string;
  /** The List-Unsubscribe target: a POST there unsubscribes (RFC 8058). */
  oneClickUnsubscribe(subscriptionId: string): string;
  verifyEmail(userId: string, email: string): string;
  resetPassword(userId: string, tokenVersion: number): string;
  /** The log-in page (no token). */
  login(): string;
  /** 'Glömt lösenord?' (no token). */
  forgotPassword(): string;
}

export function createMailLinks(baseUrl: string, tokens: SignedTokens): MailLinks {
  const base = baseUrl.replace(/\/+$/, '');
  const page = (path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`;
  const manageToken = (id: string) =>
    tokens.sign('alert-manage', { subject: id }, { expiresInSeconds: MANAGE_LINK_SECONDS });
  return {
    job: (id) => `${base}/jobb/${encodeURIComponent(id)}`,
    search: (queryString) => `${base}${PAGES.jobs.path}${queryString ? `?${queryString}` : ''}`,
    jobsForYou: () => `${base}${PAGES.dashboard.path}#${JOBS_FOR_YOU_ANCHOR}`,
    confirmAlert: (id) =>
      page(
        PAGES.confirmAlert.path,
        tokens.sign('alert-confirm', { subject: id }, { expiresInSeconds: CONFIRM_LINK_SECONDS }),
      ),
    manageAlert: (id) => page(PAGES.manageAlert.path, manageToken(id)),
    oneClickUnsubscribe: (id) =>
      `${base}/api/alerts/unsubscribe?token=${encodeURIComponent(manageToken(id))}`,
    verifyEmail: (userId, email) =>
      page(
        PAGES.verifyEmail.path,
        tokens.sign(
          'verify-email',
          { subject: userId, binding: email.toLowerCase() },
          { expiresInSeconds: VERIFY_LINK_SECONDS },
        ),
      ),
    resetPassword: (userId, tokenVersion) =>
      page(
        PAGES.resetPassword.path,
        tokens.sign(
          'reset-password',
          { subject: userId, binding: String(tokenVersion) },
          { expiresInSeconds: RESET_LINK_SECONDS },
        ),
      ),
    login: () => `${base}${PAGES.login.path}`,
    forgotPassword: () => `${base}${PAGES.forgotPassword.path}`,
  };
}
