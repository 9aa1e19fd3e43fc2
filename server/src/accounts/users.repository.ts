import type { Database, UserRole } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';

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

const PROFILE_COLUMNS = ['id', 'name', 'email', 'role'] as const;

export function findUserById(db: Db, id: string): Promise<UserProfile | undefined> {
  return db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Only login needs the hash; it is the one reader of this function. */
export function findCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...PROFILE_COLUMNS, 'passwordHash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: { name: string; email: string; passwordHash: string; role?: UserRole },
): Promise<UserProfile> {
  return db.insertInto('users').values(user).returning(PROFILE_COLUMNS).executeTakeFirstOrThrow();
}

export async function setUserRole(db: Db, id: string, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function setUserPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', id).execute();
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
