import type { Job } from '@jobbportalen/contracts';
import { JobCardGrid } from '../../components/job-card-grid';
import { asList } from '../../lib/jobs';
import { useApi } from '../../lib/use-api';
import { fetchSimilarJobs } from './job-detail-api';

/**
 * 'Liknande jobb': up to four live ads of the same occupation, nearest first, under an ad and on
 * the page of one that has closed. Nothing at all while loading, on failure or without any: the
 * ad is what the page is about.
 */
export function SimilarJobs({ jobId }: { jobId: string }) {
  const similar = useApi(fetchSimilarJobs, jobId);
  const jobs = asList<Job>(similar.data);
  if (jobs.length === 0) return null;
  return (
    <section className="similar-jobs" aria-labelledby="similar-jobs-title">
      <h2 id="similar-jobs-title">Liknande jobb</h2>
      <JobCardGrid jobs={jobs} />
    </section>
  );
}
