import type { JobBookkeepingColumn, JobRow } from '@jobbportalen/storage';

/**
 * One ad as we store it: a row of the jobs table without the columns the store keeps about the
 * row, and the source of its search document. Built by classifyFeedRecord from a feed record.
 * Its fields are the public Job's (contracts) and what the store adds (storage's JobsTable).
 */
export type NormalizedJob = Omit<JobRow, JobBookkeepingColumn>;
