import type { Job } from '@jobbportalen/contracts';
import { Link } from 'wouter';
import { JobCardGrid } from '../../components/job-card-grid';
import { LoadingMessage } from '../../components/loading-message';
import { fetchLatestJobs } from '../../lib/jobs-api';
import { LATEST_JOBS_COUNT } from './home-api';
import { asList } from '../../lib/jobs';
import { useApi } from '../../lib/use-api';

export function LatestJobsSection() {
  const latest = useApi(fetchLatestJobs, LATEST_JOBS_COUNT);
  // A failed list is shown as an empty one, never as an error box on the start page.
  const jobs = asList<Job>(latest.data);

  return (
    <section className="home-section" aria-labelledby="latest-jobs-title">
      <div className="section-heading">
        <h2 id="latest-jobs-title">Populära jobb just nu</h2>
        <Link href="/jobb">Visa alla jobb</Link>
      </div>
      {latest.status === 'loading' ? (
        <LoadingMessage />
      ) : jobs.length === 0 ? (
        <p className="status-message">Inga nya jobb att visa just nu.</p>
      ) : (
        <JobCardGrid jobs={jobs} />
      )}
    </section>
  );
}
