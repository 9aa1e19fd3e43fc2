import type { Job } from '@jobbportalen/contracts';
import { request } from './api-client';

/**
 * The public job lists more than one feature reads (the start page and /jobb).
 * The count answers stay `unknown`: `countsFor` reads them defensively.
 */

export const fetchLatestJobs = (limit: number, signal?: AbortSignal): Promise<Job[]> =>
  request<Job[]>(`/api/jobs/latest?limit=${limit}`, { signal });

export const fetchMainCategoryCounts = (signal?: AbortSignal): Promise<unknown> =>
  request<unknown>('/api/jobs/main-category-counts', { signal });

export const fetchCityCounts = (signal?: AbortSignal): Promise<unknown> =>
  request<unknown>('/api/jobs/city-counts', { signal });
