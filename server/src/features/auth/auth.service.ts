import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { AppError, badRequest, conflict } from '../../errors.js';
import {
  findCredentialsByEmail,
  insertUser,
  isUniqueViolation,
  type UserProfile,
} from '../../accounts/users.repository.js';
import type { LoginBody, RegisterBody } from './auth.schemas.js';
import { isStrongPassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../accounts/password.js';

export const DUPLICATE_EMAIL_MESSAGE = 'Det finns redan ett konto med den e-postadressen.';
export const BAD_CREDENTIALS_MESSAGE = 'Fel e-postadress eller lösenord.';

/** A 400 naming the password field, shaped like the schema's own validation errors. */
const weakPassword = () =>
  badRequest(WEAK_PASSWORD_MESSAGE, { details: { context: 'body', field: 'password', rule: 'strength' } });

/**
 * Creates a candidate account. The role is fixed here, whatever the client sent. The password
 * must be hard to guess, also given the person's name and e-mail and the site's name. A
 * duplicate is detected by the unique constraint rather than a look-up first, so two
 * simultaneous sign-ups with one address cannot both succeed.
 */
export async function registerUser(
  db: Kysely<Database>,
  input: RegisterBody,
  site: { siteName?: string } = {},
): Promise<UserProfile> {
  if (!isStrongPassword(input.password, { email: input.email, name: input.name, siteName: site.siteName }))
    throw weakPassword();
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, { name: input.name, email: input.email, passwordHash, role: 'candidate' });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

/** The user behind an e-mail and password; one answer for an unknown e-mail and a wrong password. */
export async function checkCredentials(db: Kysely<Database>, input: LoginBody): Promise<UserProfile> {
  const email = input.email.trim().toLowerCase();
  const found = await findCredentialsByEmail(db, email);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!found || !valid) throw new AppError(401, 'UNAUTHORIZED', BAD_CREDENTIALS_MESSAGE);
  const { passwordHash: _hash, ...profile } = found;
  return profile;
}
