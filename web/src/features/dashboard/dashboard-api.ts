import { apiFetch } from '../../lib/api-client';
import { authHeader } from '../../lib/auth';

export interface Me {
  name: string;
  email: string;
  role: string;
}

export const withAuth = (): RequestInit => ({ headers: authHeader() });

export async function removeSavedJob(jobId: string): Promise<void> {
  await apiFetch<unknown>(`/api/candidate/saved-jobs/${encodeURIComponent(jobId)}`, {
    method: 'DELETE',
    ...withAuth(),
  });
}

export async function deleteAccount(): Promise<void> {
  await apiFetch<unknown>('/api/candidate/account', { method: 'DELETE', ...withAuth() });
}
