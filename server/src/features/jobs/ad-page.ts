import type { Job } from '@jobbportalen/contracts';
import type { JobRow } from '@jobbportalen/storage';
import { JOB_API_COLUMNS } from '../../http/job-response.js';

/**
 * The columns of an ad page: the Job's, and the feed times only the row keeps ('Ny' from the
 * first sighting, 'Senast bekräftad av Arbetsförmedlingen' from the last delivery).
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
