import type { Job } from '@jobbportalen/contracts';
import type { JobRow } from '@jobbportalen/storage';
import { JOB_API_COLUMNS, toApiJob, type JobApiRow } from '../../http/job-response.js';

/**
 * The columns of an ad page: the Job's, and the feed times only the row keeps (the first sighting,
 * and 'Senast bekräftad av Arbetsförmedlingen' from the last delivery). 'Ny' reads publishedAt.
 */
export const AD_PAGE_COLUMNS = [...JOB_API_COLUMNS, 'firstSeenAt', 'lastConfirmedAt'] as const;

/** The ad page's Job (from the index or the row) with the row's feed times. */
export function withFeedTimes(job: Job, row: Pick<JobRow, 'firstSeenAt' | 'lastConfirmedAt'>): Job {
  return {
    ...job,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastConfirmedAt: row.lastConfirmedAt ? row.lastConfirmedAt.toISOString() : null,
  };
}

/**
 * The ad page's Job from its stored row alone: what GET /api/jobs/{id} answers for an ad the
 * database holds, and what a server-rendered job page is built from (its route has read the row).
 */
export const adPageJob = (row: JobApiRow & Pick<JobRow, 'firstSeenAt' | 'lastConfirmedAt'>): Job =>
  withFeedTimes(toApiJob(row), row);
