import type { Job } from '@jobbportalen/contracts';
import type { SaveJobBody } from '@jobbportalen/contracts/api/candidate';
import { publicGet, request } from '../../lib/api-client';

/** One ad; a 404 (unknown) or 410 (closed, with the job in the error body) arrives as ApiError. */
export const fetchJob = publicGet<Job, string>((id) => `/api/jobs/${encodeURIComponent(id)}`);

/** 'Liknande jobb': live ads like this one (also for a closed ad), nearest first. */
export const fetchSimilarJobs = publicGet<Job[], string>(
  (id) => `/api/jobs/${encodeURIComponent(id)}/similar`,
);

/** Adds the ad to the visitor's saved jobs (a 409 means it was there already). */
export async function saveJob(jobId: string): Promise<void> {
  const body: SaveJobBody = { jobId };
  await request<unknown>('/api/candidate/save-job', { method: 'POST', json: body, session: true });
}
