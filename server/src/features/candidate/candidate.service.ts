import type { Job } from '@jobbportalen/contracts';
import { findJobState, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { AppError, conflict, notFound } from '../../errors.js';
import { toApiJob } from '../../http/job-response.js';
import { countAdmins, deleteUser, type UserProfile } from '../../accounts/users.repository.js';
import { eraseRecipient } from '../../mail/mail-outbox.repository.js';
import { deleteSavedJob, insertSavedJob, listSavedJobs } from './candidate.repository.js';

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
 * Deletes the account; saved jobs go with it (ON DELETE CASCADE). The last admin may not delete
 * itself, or nobody could reach the admin area until someone ran admin:create.
 */
export async function deleteAccount(db: Kysely<Database>, user: UserProfile): Promise<void> {
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
