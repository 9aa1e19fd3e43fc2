// Owns the `candidate_profiles` table: a seeker's 'Min profil', one row per account.
import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

export interface ProfileRecord {
  profile: SavedProfile;
  cvFileName: string | null;
  /** Size of the kept file in bytes (the file itself is read only by findKeptCvFile). */
  cvSizeBytes: number | null;
  cvSavedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The kept CV, when its owner chose to keep it. */
export interface KeptCvFile {
  fileName: string;
  content: Buffer;
}

/** The account's profile, without the CV file's bytes; null when it has none. */
export async function findProfile(db: Db, userId: string): Promise<ProfileRecord | null> {
  const row = await db
    .selectFrom('candidateProfiles')
    .select((eb) => [
      'profile',
      'cvFileName',
      eb.fn<number | null>('octet_length', ['cvFile']).as('cvSizeBytes'),
      'cvSavedAt',
      'createdAt',
      'updatedAt',
    ])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? { ...row, cvSizeBytes: row.cvSizeBytes === null ? null : Number(row.cvSizeBytes) } : null;
}

/**
 * Writes the account's profile. `cv` is the file to keep, or null to keep none: a new reading
 * without the box ticked removes a file kept before, since the profile no longer comes from it.
 */
export async function saveProfile(
  db: Db,
  userId: string,
  profile: SavedProfile,
  cv: KeptCvFile | null,
  now: Date,
): Promise<void> {
  const values = {
    profile: JSON.stringify(profile),
    cvFile: cv?.content ?? null,
    cvFileName: cv?.fileName ?? null,
    cvSavedAt: cv ? now : null,
    updatedAt: now,
  };
  await db
    .insertInto('candidateProfiles')
    .values({ userId, ...values, createdAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

/** Replaces the profile's fields (an edit); the kept file stays. False when there is no profile. */
export async function updateProfile(
  db: Db,
  userId: string,
  profile: SavedProfile,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('candidateProfiles')
    .set({ profile: JSON.stringify(profile), updatedAt: now })
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The kept CV file itself (its owner downloads it, the export names it). */
export async function findKeptCvFile(db: Db, userId: string): Promise<KeptCvFile | null> {
  const row = await db
    .selectFrom('candidateProfiles')
    .select(['cvFile', 'cvFileName'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.cvFile && row.cvFileName ? { fileName: row.cvFileName, content: row.cvFile } : null;
}

/** 'Ta bort min profil': the profile and any kept file. False when there was none. */
export async function deleteProfile(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('candidateProfiles').where('userId', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The kept profiles of these accounts, by account id, in one query; an account without one is absent. */
export async function findSavedProfiles(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, SavedProfile>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('candidateProfiles')
    .select(['userId', 'profile'])
    .where('userId', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.userId, row.profile]));
}
