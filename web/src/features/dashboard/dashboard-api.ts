import type { Job } from '@jobbportalen/contracts';
import type { DeleteAccountBody } from '@jobbportalen/contracts/api/candidate';
import type { PersonalDataExport } from '@jobbportalen/contracts/api/privacy';
import type {
  OpenedSavedSearch,
  SavedSearch,
  SavedSearchList,
  UpdateSavedSearchBody,
} from '@jobbportalen/contracts/api/saved-searches';
import { request } from '../../lib/api-client';

/** The visitor's saved jobs, most recently saved first (removed ads included, marked `removed`). */
export const fetchSavedJobs = (signal?: AbortSignal): Promise<Job[]> =>
  request<Job[]>('/api/candidate/saved-jobs', { session: true, signal });

export async function removeSavedJob(jobId: string): Promise<void> {
  await request<unknown>(`/api/candidate/saved-jobs/${encodeURIComponent(jobId)}`, {
    method: 'DELETE',
    session: true,
  });
}

/** Deletes the account for good; the server asks for the current password again. */
export async function deleteAccount(password: string): Promise<void> {
  const body: DeleteAccountBody = { password };
  await request<unknown>('/api/candidate/account', { method: 'DELETE', json: body, session: true });
}

/** 'Ladda ner mina uppgifter': everything the server holds about the account. */
export const fetchMyData = (): Promise<PersonalDataExport> =>
  request<PersonalDataExport>('/api/candidate/export', { session: true, cache: 'no-store' });

/** 'Logga ut överallt': ends every session of the account, this one included. */
export async function logOutEverywhere(): Promise<void> {
  await request<unknown>('/api/auth/logout-everywhere', { method: 'POST', session: true });
}

/* ---- Saved searches ('Mina bevakningar') ---------------------------------------------------- */

const savedSearchPath = (id: string): string => `/api/saved-searches/${encodeURIComponent(id)}`;

/** The seeker's saved searches, each with its count of new ads. */
export async function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  const answer = await request<Partial<SavedSearchList> | null>('/api/saved-searches', {
    session: true,
    signal,
  });
  return Array.isArray(answer?.savedSearches) ? answer.savedSearches : [];
}

/** Changes name or frequency; resolves with the saved search as it is now. */
export async function updateSavedSearch(
  search: SavedSearch,
  changes: UpdateSavedSearchBody,
): Promise<SavedSearch> {
  const answer = await request<Partial<SavedSearch> | null>(savedSearchPath(search.id), {
    method: 'PATCH',
    json: changes,
    session: true,
  });
  // The answer is the changed search; should it carry less, what was sent is what changed.
  return { ...search, ...changes, ...(answer ?? {}) };
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await request<unknown>(savedSearchPath(id), { method: 'DELETE', session: true });
}

/** Marks the search as opened now (its new-count starts again from 0). */
export const openSavedSearch = (id: string): Promise<OpenedSavedSearch> =>
  request<OpenedSavedSearch>(`${savedSearchPath(id)}/open`, { method: 'POST', session: true });

/** Sends the account's verification mail again; resolves with the server's Swedish message. */
export async function resendVerificationMail(): Promise<string> {
  const answer = await request<{ message?: unknown } | null>('/api/auth/resend-verification', {
    method: 'POST',
    session: true,
  });
  return typeof answer?.message === 'string' && answer.message.trim()
    ? answer.message
    : 'Vi har skickat en ny bekräftelselänk till din e-post.';
}
