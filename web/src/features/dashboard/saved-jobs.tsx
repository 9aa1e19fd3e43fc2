import type { Job } from '@jobbportalen/contracts';
import { useEffect, useState } from 'react';
import { JobCard } from '../../components/job-card';
import { LoadingMessage } from '../../components/loading-message';
import { asList, jobToSummary } from '../../lib/jobs';
import { textOr } from '../../lib/format';
import { useApi } from '../../lib/use-api';
import { fetchSavedJobs, removeSavedJob } from './dashboard-api';

export function SavedJobs() {
  const saved = useApi(fetchSavedJobs);
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const [removeFailed, setRemoveFailed] = useState<string | null>(null);

  useEffect(() => {
    // A failed load of saved jobs is only logged: the profile page stays usable, its list empty.
    if (saved.status === 'error') console.error('Kunde inte hämta sparade jobb', saved.error);
  }, [saved.status, saved.error]);

  const remove = async (job: Job): Promise<void> => {
    setRemoveFailed(null);
    try {
      await removeSavedJob(job._id);
      setRemovedIds((ids) => new Set(ids).add(job._id));
    } catch {
      setRemoveFailed(`Kunde inte ta bort ”${textOr('Okänd titel', job.title)}”. Försök igen.`);
    }
  };

  const jobs = asList<Job>(saved.data).filter((job) => !removedIds.has(job._id));

  return (
    <section className="saved-jobs" aria-labelledby="saved-jobs-title">
      <h2 id="saved-jobs-title">Sparade jobb</h2>
      {removeFailed ? (
        <p className="alert error" role="alert">
          {removeFailed}
        </p>
      ) : null}
      {saved.status === 'loading' ? <LoadingMessage /> : null}
      {saved.status === 'success' && jobs.length === 0 ? (
        <p className="status-message">Du har inga sparade jobb ännu.</p>
      ) : null}
      {jobs.length > 0 ? (
        <ul className="job-list">
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={jobToSummary(job)}>
                <div className="saved-job-actions">
                  {job.removed ? <span className="tag warning">Annonsen är inte längre aktuell</span> : null}
                  <button type="button" className="button secondary small" onClick={() => void remove(job)}>
                    Ta bort
                    <span className="visually-hidden">
                      {' '}
                      {textOr('Okänd titel', job.title)} från sparade jobb
                    </span>
                  </button>
                </div>
              </JobCard>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
