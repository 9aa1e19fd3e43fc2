import type { Job } from '@jobbportalen/contracts';
import type { JobSummary } from '../components/job-card';
import { unixSecondsOf } from './ad-freshness';

/** A REST job (spec field names, `_id`) as the card shows it; employer stands in for company. */
export function jobToSummary(job: Job): JobSummary {
  return {
    id: job._id,
    title: job.title,
    company: job.company ?? job.employer,
    location: job.location,
    extent: job.extent,
    lastDate: job.lastDate,
    rollingSelection: job.rollingSelection,
    publishedAt: job.publishedAt,
    // Lists from the index answer when the ad was first seen ('Ny'); saved-job lists do not.
    firstSeenTs: unixSecondsOf(job.firstSeenAt),
  };
}

/** Answers that should be lists are sometimes something else on failure paths; never crash on them. */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
