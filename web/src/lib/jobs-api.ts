import { PAGE_ANSWER_PATHS, type Job, type JobStats } from '@jobbportalen/contracts';
import { publicGet, publicGetAll } from './api-client';

/**
 * The public job lists more than one feature reads (the start page and /jobb).
 * The count answers stay `unknown`: `countsFor` reads them defensively.
 */

export const fetchLatestJobs = publicGet<Job[], number>(PAGE_ANSWER_PATHS.latestJobs);

export const fetchMainCategoryCounts = publicGetAll<unknown>('/api/jobs/main-category-counts');

export const fetchCityCounts = publicGetAll<unknown>('/api/jobs/city-counts');

/** How many live ads there are (the start page's 'Just nu N annonser', /jobb's 'Visa alla N jobb'). */
export const fetchJobStats = publicGetAll<JobStats>(PAGE_ANSWER_PATHS.stats);
