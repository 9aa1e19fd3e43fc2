import type { Job } from '@jobbportalen/contracts';
import { jobToSummary } from '../lib/jobs';
import { JobCard } from './job-card';

/** API answers' jobs as a grid of job cards (the start page's latest jobs, 'Liknande jobb'). */
export function JobCardGrid({ jobs }: { jobs: readonly Job[] }) {
  return (
    <ul className="job-list job-grid">
      {jobs.map((job) => (
        <li key={job._id}>
          <JobCard job={jobToSummary(job)} />
        </li>
      ))}
    </ul>
  );
}
