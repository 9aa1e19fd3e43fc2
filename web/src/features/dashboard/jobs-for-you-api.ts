import type { Job } from '@jobbportalen/contracts';
import type { JobsForYouResponse } from '@jobbportalen/contracts/api/jobs-for-you';
import type { CreateSavedSearchBody, SavedSearch } from '@jobbportalen/contracts/api/saved-searches';
import { request } from '../../lib/api-client';

/** An ad of 'Jobb för dig': a Job with why it fits the profile. */
export type JobForYou = Job & { matchReason: string; score: number };

/** 'Jobb för dig': the ads that fit the account's profile best (404 PROFILE_NOT_FOUND without one). */
export async function fetchJobsForYou(signal?: AbortSignal): Promise<JobForYou[]> {
  const answer = await request<Partial<JobsForYouResponse> | null>('/api/candidate/jobs-for-you', {
    session: true,
    signal,
    cache: 'no-store',
  });
  return Array.isArray(answer?.jobs) ? (answer.jobs as JobForYou[]) : [];
}

/**
 * Told on `window` when a saved search was made elsewhere on the dashboard (detail: the
 * SavedSearch), so 'Mina bevakningar' lists it without a reload.
 */
export const SAVED_SEARCH_ADDED = 'jobbportalen:saved-search-added';

/** 'Bevaka jobb som matchar min profil': the account's profile search, daily. */
export async function watchProfileJobs(): Promise<SavedSearch> {
  const body: CreateSavedSearchBody = { query: {}, profile: true, alert: 'daily' };
  const saved = await request<SavedSearch>('/api/saved-searches', {
    method: 'POST',
    json: body,
    session: true,
  });
  window.dispatchEvent(new CustomEvent<SavedSearch>(SAVED_SEARCH_ADDED, { detail: saved }));
  return saved;
}
