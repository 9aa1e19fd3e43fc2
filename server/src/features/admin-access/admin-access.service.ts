import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import {
  findCredentialsByEmail,
  insertUser,
  isUniqueViolation,
  markEmailVerifiedByAddress,
  setUserPassword,
  setUserRole,
} from '../../accounts/users.repository.js';
import { hashPassword } from '../../accounts/password.js';

export interface AdminAccountInput {
  email: string;
  password: string;
  name?: string;
  /** Only an explicit request replaces an existing user's password. */
  resetPassword?: boolean;
}

export type AdminOutcome = 'created' | 'promoted' | 'already-admin';

export interface AdminResult {
  outcome: AdminOutcome;
  passwordChanged: boolean;
}

export const DEFAULT_ADMIN_NAME = 'Administratör';

/**
 * Makes the e-mail an admin account: creates it with the given password, or promotes the
 * existing user. Promoting keeps that user's password — a restart with ADMIN_PASSWORD set must
 * never quietly overwrite a password the admin has since changed — unless `resetPassword` asks
 * for it. Safe to run on every start.
 */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  input: AdminAccountInput,
): Promise<AdminResult> {
  const email = input.email.trim().toLowerCase();
  const existing = await findCredentialsByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin') await setUserRole(db, existing.id, 'admin');
    if (input.resetPassword) await setUserPassword(db, existing.id, await hashPassword(input.password));
    return {
      outcome: existing.role === 'admin' ? 'already-admin' : 'promoted',
      passwordChanged: Boolean(input.resetPassword),
    };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    await insertUser(db, {
      name: input.name?.trim() || DEFAULT_ADMIN_NAME,
      email,
      passwordHash,
      role: 'admin',
    });
    return { outcome: 'created', passwordChanged: true };
  } catch (error) {
    // Someone registered the address between our look-up and insert: promote that account.
    if (isUniqueViolation(error)) return createOrPromoteAdmin(db, input);
    throw error;
  }
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: create or promote that account (see above). Its address
 * counts as verified: the operator configured it, nobody could have typed in someone else's.
 */
export async function ensureConfiguredAdmin(
  db: Kysely<Database>,
  config: { adminEmail: string | undefined; adminPassword: string | undefined },
): Promise<AdminResult | undefined> {
  if (!config.adminEmail || !config.adminPassword) return undefined;
  const result = await createOrPromoteAdmin(db, { email: config.adminEmail, password: config.adminPassword });
  await markEmailVerifiedByAddress(db, config.adminEmail.trim().toLowerCase());
  return result;
}
