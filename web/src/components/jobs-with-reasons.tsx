import type { Job } from '@jobbportalen/contracts';
import { jobToSummary } from '../lib/jobs';
import { JobCard } from './job-card';

/**
 * Jobs suggested for a person ('Matcha mig', 'Jobb för dig'), each card with why it fits. The
 * reason's class is the caller's: each page styles (and its tests find) its own.
 */
export function JobsWithReasons({
  jobs,
  reasonClassName,
}: {
  jobs: ReadonlyArray<Job & { matchReason?: string }>;
  reasonClassName: string;
}) {
  return (
    <ul className="job-list">
      {jobs.map((job) => (
        <li key={job._id}>
          <JobCard job={jobToSummary(job)}>
            {job.matchReason ? (
              <p className={reasonClassName}>
                <strong>Därför passar jobbet: </strong>
                {job.matchReason}
              </p>
            ) : null}
          </JobCard>
        </li>
      ))}
    </ul>
  );
}
