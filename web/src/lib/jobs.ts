import type { Job } from '@jobbportalen/contracts';
import type { JobSummary } from '../components/job-card';

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
    // 'Ny' by age reads the publication time (lib/ad-freshness isFreshAd).
    publishedAt: job.publishedAt,
  };
}

/** Answers that should be lists are sometimes something else on failure paths; never crash on them. */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
