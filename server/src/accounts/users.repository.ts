import type { Database, UserRole } from '@jobbportalen/storage';
import { sql, type Kysely } from 'kysely';

/**
 * The one owner of the users table: log-in and registration (auth), admin accounts (admin-access)
 * and account deletion (candidate) all read and write users through here.
 */
type Db = Kysely<Database>;

/** What the rest of the server may know about a user: never the password hash. */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

/**
 * A user as a request sees it: the profile, the token version a session token must carry (a
 * password change bumps it, which ends every earlier session) and whether the address is verified.
 */
export interface AccountUser extends UserProfile {
  tokenVersion: number;
  emailVerified: boolean;
}

const PROFILE_COLUMNS = ['id', 'name', 'email', 'role'] as const;
const ACCOUNT_COLUMNS = [...PROFILE_COLUMNS, 'tokenVersion', 'emailVerifiedAt'] as const;

const toAccountUser = ({
  emailVerifiedAt,
  ...profile
}: UserProfile & { tokenVersion: number; emailVerifiedAt: Date | null }): AccountUser => ({
  ...profile,
  emailVerified: emailVerifiedAt !== null,
});

/** The one query `authenticate` makes per request: everything it checks and hands on. */
export async function findAccountById(db: Db, id: string): Promise<AccountUser | undefined> {
  const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toAccountUser(row);
}

/** `email` as stored (trimmed, lower case). */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toAccountUser(row);
}

/** Only login needs the hash; it is the one reader of this function. */
export function findCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...PROFILE_COLUMNS, 'tokenVersion', 'passwordHash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: { name: string; email: string; passwordHash: string; role?: UserRole },
): Promise<UserProfile & { tokenVersion: number }> {
  return db
    .insertInto('users')
    .values(user)
    .returning([...PROFILE_COLUMNS, 'tokenVersion'])
    .executeTakeFirstOrThrow();
}

/** Only a check of the password a signed-in user types again (deleting the account) reads it by id. */
export async function findPasswordHashById(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirst();
  return row?.passwordHash;
}

/** The account's row as its export shows it ('Ladda ner mina uppgifter'): everything but the hash. */
export function findAccountRecord(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select([...PROFILE_COLUMNS, 'createdAt', 'emailVerifiedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setUserRole(db: Db, id: string, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

/** A new password ends every session and reset link issued before it (the token version moves on). */
export async function setUserPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * 'Logga ut överallt': the token version moves on, which ends every session token and reset link
 * issued before. False when the user is gone.
 */
export async function endAllSessions(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Sets the password from a reset link that was issued at `tokenVersion`, only while the account is
 * still at that version: the compare and the bump are one statement, so of two uses of one link
 * (or two links of one version) exactly one succeeds. Following the link proved the address, so
 * it counts as verified too. False when the version has moved on or the user is gone.
 */
export async function resetPasswordAtVersion(
  db: Db,
  id: string,
  tokenVersion: number,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      tokenVersion: eb('tokenVersion', '+', 1),
      emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', sql<Date>`now()`),
    }))
    .where('id', '=', id)
    .where('tokenVersion', '=', tokenVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks the address verified (keeping the first time it was). Only while the user still has this
 * address: a link sent to an old address verifies nothing. False when no such user has it.
 */
export async function markEmailVerified(db: Db, id: string, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', sql<Date>`now()`) }))
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The operator's own address (ADMIN_EMAIL) counts as verified: nobody else could have configured it. */
export async function markEmailVerifiedByAddress(db: Db, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', sql<Date>`now()`) }))
    .where('email', '=', email)
    .execute();
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Postgres' unique_violation: how a duplicate e-mail shows up, also under a race. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
