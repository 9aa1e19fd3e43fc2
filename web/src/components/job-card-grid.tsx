import type { Job } from '@jobbportalen/contracts';
import { useAdFits } from '../lib/ad-fits';
import { jobToSummary } from '../lib/jobs';
import { JobCard } from './job-card';

/**
 * API answers' jobs as a grid of job cards (the start page's latest jobs, 'Liknande jobb'); for a
 * logged-in visitor each card gets its fit after the page has hydrated.
 */
export function JobCardGrid({ jobs }: { jobs: readonly Job[] }) {
  const fits = useAdFits(jobs.map((job) => job._id));
  return (
    <ul className="job-list job-grid">
      {jobs.map((job) => (
        <li key={job._id}>
          <JobCard job={jobToSummary(job)} fit={fits.fitOf(job._id)} />
        </li>
      ))}
    </ul>
  );
}
