import type { Job } from '@jobbportalen/contracts';
import { findJobState, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { toApiJob } from '../../http/job-response.js';
import { verifyPassword } from '../../accounts/password.js';
import {
  countAdmins,
  deleteUser,
  findPasswordHashById,
  type UserProfile,
} from '../../accounts/users.repository.js';
import { eraseRecipient } from '../../mail/mail-outbox.repository.js';
import { deleteSavedJob, insertSavedJob, listSavedJobs } from './candidate.repository.js';
import { WRONG_PASSWORD_MESSAGE } from './candidate.schemas.js';

/** Saves an ad for the user; `created` is false when it was already saved. */
export async function saveJob(db: Kysely<Database>, userId: string, jobId: string) {
  const job = await findJobState(db, jobId);
  if (!job) throw notFound('Jobbet hittades inte.');
  if (job.removedAt) throw new AppError(410, 'GONE', 'Annonsen har tagits bort och kan inte sparas.');
  return { created: await insertSavedJob(db, userId, jobId) };
}

export async function savedJobs(db: Kysely<Database>, userId: string): Promise<Job[]> {
  return (await listSavedJobs(db, userId)).map(toApiJob);
}

export async function unsaveJob(db: Kysely<Database>, userId: string, jobId: string): Promise<void> {
  if (!(await deleteSavedJob(db, userId, jobId))) {
    throw notFound('Jobbet finns inte bland dina sparade jobb.');
  }
}

/**
 * Deletes the account once the current password is given again (a session left open on another
 * person's computer, or a stolen token, must not be enough); saved jobs go with it (ON DELETE
 * CASCADE). The last admin may not delete itself, or nobody could reach the admin area until
 * someone ran admin:create. A wrong password is a 400, not a 401: the session itself is fine,
 * and a 401 would log the visitor out.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  user: UserProfile,
  password: string,
): Promise<void> {
  const passwordHash = await findPasswordHashById(db, user.id);
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
    throw badRequest(WRONG_PASSWORD_MESSAGE, { details: { field: 'password' } });
  }
  await db.transaction().execute(async (trx) => {
    await deleteUser(trx, user.id);
    // Its saved searches go with it (ON DELETE CASCADE); no mail is sent to it any more, and the
    // mails sent before keep no address.
    await eraseRecipient(trx, user.email);
    if (user.role === 'admin' && (await countAdmins(trx)) === 0) {
      throw conflict('Det sista administratörskontot kan inte raderas.');
    }
  });
}
