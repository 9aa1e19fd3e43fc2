import { PAGE_ANSWER_PATHS, type Job } from '@jobbportalen/contracts';
import type { SaveJobBody } from '@jobbportalen/contracts/api/candidate';
import { publicGet, request } from '../../lib/api-client';

/** One ad; a 404 (unknown) or 410 (closed, with the job in the error body) arrives as ApiError. */
export const fetchJob = publicGet<Job, string>(PAGE_ANSWER_PATHS.job);

/** 'Liknande jobb': live ads like this one (also for a closed ad), nearest first. */
export const fetchSimilarJobs = publicGet<Job[], string>(PAGE_ANSWER_PATHS.similarJobs);

/** Adds the ad to the visitor's saved jobs (a 409 means it was there already). */
export async function saveJob(jobId: string): Promise<void> {
  const body: SaveJobBody = { jobId };
  await request<unknown>('/api/candidate/save-job', { method: 'POST', json: body, session: true });
}
