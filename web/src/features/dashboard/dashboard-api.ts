import type { Job } from '@jobbportalen/contracts';
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

export async function deleteAccount(): Promise<void> {
  await request<unknown>('/api/candidate/account', { method: 'DELETE', session: true });
}
