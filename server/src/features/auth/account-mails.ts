import { randomBytes } from 'node:crypto';
import type { QueuedMail } from '../../mail/mail-kinds.js';
import type { MailLinks } from '../../mail/mail-links.js';

/** Who an account mail goes to, and the token version its key (and a reset link) is bound to. */
export interface MailAccount {
  id: string;
  name: string;
  email: string;
  tokenVersion: number;
}

/**
 * The idempotency key of a mail sent on request: each request is a mail of its own, so the key
 * must never repeat (a key already in the outbox silently sends nothing). The time alone is not
 * enough, as two requests can arrive in one millisecond; a random part makes it unique.
 */
const requestKey = (kind: string, account: MailAccount, sentAt: number) =>
  `${kind}:${account.id}:${account.tokenVersion}:${sentAt}-${randomBytes(4).toString('hex')}`;

/** The mail with the link that verifies the account's address. */
export function verifyEmailMail(links: MailLinks, account: MailAccount, sentAt = Date.now()): QueuedMail {
  return {
    idempotencyKey: requestKey('verify-email', account, sentAt),
    recipient: account.email,
    payload: {
      kind: 'verify-email',
      name: account.name,
      verifyUrl: links.verifyEmail(account.id, account.email),
    },
  };
}

/** The mail with the link to choose a new password (valid an hour, once: bound to the token version). */
export function resetPasswordMail(links: MailLinks, account: MailAccount, sentAt = Date.now()): QueuedMail {
  return {
    idempotencyKey: requestKey('reset-password', account, sentAt),
    recipient: account.email,
    payload: {
      kind: 'reset-password',
      name: account.name,
      resetUrl: links.resetPassword(account.id, account.tokenVersion),
    },
  };
}

/**
 * To the owner of an address someone just registered with: an account exists; log in, or choose
 * a new password. It greets the account's own name: the registration's name is the stranger's.
 */
export function registrationAttemptMail(
  links: MailLinks,
  account: MailAccount,
  sentAt = Date.now(),
): QueuedMail {
  return {
    idempotencyKey: requestKey('registration-attempt', account, sentAt),
    recipient: account.email,
    payload: {
      kind: 'registration-attempt',
      name: account.name,
      loginUrl: links.login(),
      forgotPasswordUrl: links.forgotPassword(),
    },
  };
}
