import { JobCard } from '../../components/job-card';
import { jobToSummary } from '../../lib/jobs';
import type { MatchedJob } from './match-api';

export function MatchResults({ matches }: { matches: MatchedJob[] }) {
  return (
    <section className="match-results" aria-labelledby="match-results-title">
      <h2 id="match-results-title">Jobb som matchar dig</h2>
      {matches.length === 0 ? (
        <p className="status-message">
          Vi hittade inga lediga jobb som matchar ditt CV just nu. Beskriv gärna mer av din erfarenhet i
          brevet och försök igen.
        </p>
      ) : (
        <ul className="job-list">
          {matches.map((job) => (
            <li key={job._id}>
              <JobCard job={jobToSummary(job)}>
                {job.matchReason ? (
                  <p className="match-reason">
                    <strong>Därför passar jobbet: </strong>
                    {job.matchReason}
                  </p>
                ) : null}
              </JobCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
