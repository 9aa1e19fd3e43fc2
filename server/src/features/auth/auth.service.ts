import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { AppError, badRequest } from '../../errors.js';
import type { SignedTokens } from '../../http/signed-tokens.js';
import type { MailLinks } from '../../mail/mail-links.js';
import { queueMail } from '../../mail/mail-outbox.repository.js';
import {
  findAccountByEmail,
  findAccountById,
  findCredentialsByEmail,
  insertUser,
  isUniqueViolation,
  markEmailVerified,
  resetPasswordAtVersion,
  type AccountUser,
  type UserProfile,
} from '../../accounts/users.repository.js';
import { registrationAttemptMail, resetPasswordMail, verifyEmailMail } from './account-mails.js';
import {
  INVALID_RESET_LINK_MESSAGE,
  INVALID_VERIFY_LINK_MESSAGE,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
} from './auth.schemas.js';
import type { MailRequestBudget } from '../../mail/mail-request-budget.js';
import { isStrongPassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../accounts/password.js';

export const BAD_CREDENTIALS_MESSAGE = 'Fel e-postadress eller lösenord.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 400 naming the password field, shaped like the schema's own validation errors. */
const weakPassword = () =>
  badRequest(WEAK_PASSWORD_MESSAGE, { details: { context: 'body', field: 'password', rule: 'strength' } });

const invalidToken = (message: string) => new AppError(400, 'INVALID_TOKEN', message);

/**
 * What the account routes need to send mail: the links (with their tokens, and the log-in pages),
 * the tokens' checker, and the per-mailbox budget every mail sent on request spends from.
 */
export interface AccountMailing {
  links(): MailLinks;
  tokens: SignedTokens;
  budget: MailRequestBudget;
}

/** A new account, or an address that had one already (the caller answers both alike). */
export type Registration = { outcome: 'created'; user: UserProfile } | { outcome: 'exists' };

/**
 * Creates a candidate account and queues the mail that verifies its address. The role is fixed
 * here, whatever the client sent. The password must be hard to guess, also given the person's
 * name and e-mail and the site's name. A duplicate is detected by the unique constraint rather
 * than a look-up first, so two simultaneous sign-ups with one address cannot both succeed. The
 * account and its mail are written in one transaction.
 *
 * An address that has an account is not an error: the answer must not tell a stranger who has an
 * account here. The password is hashed either way (the time is the same), and the address's owner
 * is told by mail instead ('someone tried to register with your address'). Either mail spends the
 * mailbox's hourly budget, spent once per registration whatever its outcome: beyond the budget
 * the account is still created (its owner can ask for the verification mail later), but nothing
 * is sent, so registering, deleting and registering again cannot flood an inbox.
 */
export async function registerUser(
  db: Kysely<Database>,
  input: RegisterBody,
  options: {
    siteName?: string;
    /** Without it (scripts, tests) no mail is queued. */ mailing?: AccountMailing;
  } = {},
): Promise<Registration> {
  const { mailing } = options;
  if (!isStrongPassword(input.password, { email: input.email, name: input.name, siteName: options.siteName }))
    throw weakPassword();
  const [passwordHash, mayMail] = await Promise.all([
    hashPassword(input.password),
    mailing ? mailing.budget.spend(input.email) : false,
  ]);
  try {
    return await db.transaction().execute(async (trx) => {
      const { tokenVersion, ...user } = await insertUser(trx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: 'candidate',
      });
      if (mailing && mayMail)
        await queueMail(trx, verifyEmailMail(mailing.links(), { ...user, tokenVersion }));
      return { outcome: 'created', user } as const;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const owner = mailing && mayMail ? await findAccountByEmail(db, input.email) : undefined;
  if (mailing && owner) await queueMail(db, registrationAttemptMail(mailing.links(), owner));
  return { outcome: 'exists' };
}

/** The user behind an e-mail and password; one answer for an unknown e-mail and a wrong password. */
export async function checkCredentials(
  db: Kysely<Database>,
  input: LoginBody,
): Promise<UserProfile & { tokenVersion: number }> {
  const email = input.email.trim().toLowerCase();
  const found = await findCredentialsByEmail(db, email);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!found || !valid) throw new AppError(401, 'UNAUTHORIZED', BAD_CREDENTIALS_MESSAGE);
  const { passwordHash: _hash, ...profile } = found;
  return profile;
}

/**
 * Marks the address of a verification link verified. The link is bound to the address it was
 * sent to, so it verifies nothing once the account has another. Opening it twice is fine.
 */
export async function verifyEmail(db: Kysely<Database>, tokens: SignedTokens, token: string): Promise<void> {
  const claims = tokens.verify('verify-email', token);
  if (!claims?.binding || !UUID.test(claims.subject)) throw invalidToken(INVALID_VERIFY_LINK_MESSAGE);
  if (!(await markEmailVerified(db, claims.subject, claims.binding)))
    throw invalidToken(INVALID_VERIFY_LINK_MESSAGE);
}

/**
 * Queues a new verification mail for the logged-in user, within the address's hourly budget
 * (beyond it nothing is sent, and the answer is the same). 'already-verified' sends nothing.
 */
export async function resendVerification(
  db: Kysely<Database>,
  mailing: AccountMailing,
  user: AccountUser,
): Promise<'queued' | 'already-verified'> {
  if (user.emailVerified) return 'already-verified';
  if (await mailing.budget.spend(user.email)) await queueMail(db, verifyEmailMail(mailing.links(), user));
  return 'queued';
}

/**
 * 'Glömt lösenord?': queues a reset link when the address has an account and is within its
 * hourly budget; otherwise does nothing. The caller answers the same either way.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  mailing: AccountMailing,
  email: string,
): Promise<void> {
  // Both first, whatever the outcome: the work (and so the time) barely depends on the address.
  const [withinBudget, account] = await Promise.all([
    mailing.budget.spend(email),
    findAccountByEmail(db, email),
  ]);
  if (account && withinBudget) await queueMail(db, resetPasswordMail(mailing.links(), account));
}

/**
 * Sets a new password from a reset link. The link is bound to the account's token version, and
 * the new password moves the version on: the link works once, and every session and reset link
 * issued before it dies. Following the link proves the address, so it counts as verified.
 */
export async function resetPassword(
  db: Kysely<Database>,
  tokens: SignedTokens,
  input: ResetPasswordBody,
  site: { siteName?: string } = {},
): Promise<void> {
  const claims = tokens.verify('reset-password', input.token);
  const version =
    claims?.binding !== undefined && /^\d{1,9}$/.test(claims.binding) ? Number(claims.binding) : NaN;
  if (!claims || !UUID.test(claims.subject) || Number.isNaN(version))
    throw invalidToken(INVALID_RESET_LINK_MESSAGE);
  const account = await findAccountById(db, claims.subject);
  if (!account || account.tokenVersion !== version) throw invalidToken(INVALID_RESET_LINK_MESSAGE);
  if (
    !isStrongPassword(input.password, { email: account.email, name: account.name, siteName: site.siteName })
  )
    throw weakPassword();
  const passwordHash = await hashPassword(input.password);
  // Another use of a link of this version may have won while we hashed: then this one is spent.
  if (!(await resetPasswordAtVersion(db, account.id, version, passwordHash)))
    throw invalidToken(INVALID_RESET_LINK_MESSAGE);
}
