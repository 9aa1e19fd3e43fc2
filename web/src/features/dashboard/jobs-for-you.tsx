import { JOBS_FOR_YOU_ANCHOR, MY_PROFILE_ANCHOR } from '@jobbportalen/contracts';
import { useState } from 'react';
import { JobsWithReasons } from '../../components/jobs-with-reasons';
import { LoadingMessage } from '../../components/loading-message';
import { ApiError } from '../../lib/api-client';
import { useApi } from '../../lib/use-api';
import { fetchSavedSearches } from './dashboard-api';
import { failureText } from './failure-text';
import { fetchJobsForYou, watchProfileJobs, type JobForYou } from './jobs-for-you-api';
import { useProfileVersion } from '../../lib/profile-changed';
import { SAVED_SEARCHES_ANCHOR } from './saved-searches';

/** Asked again for each version of the profile (a profile made or edited on this page). */
const fetchForProfileVersion = (_version: number, signal: AbortSignal) => fetchJobsForYou(signal);

const noProfile = (error: unknown) => error instanceof ApiError && error.code === 'PROFILE_NOT_FOUND';

/**
 * 'Jobb för dig': the live ads that fit the seeker's kept profile best, each with why, and the
 * button that watches them. Fetched here in the browser with the seeker's token (the dashboard
 * is personal); without a profile, a pointer to where it is made.
 */
export function JobsForYou() {
  const loaded = useApi(fetchForProfileVersion, useProfileVersion());
  const sessionExpired =
    loaded.status === 'error' && loaded.error instanceof ApiError && loaded.error.status === 401;

  return (
    <section id={JOBS_FOR_YOU_ANCHOR} className="jobs-for-you" aria-labelledby="jobs-for-you-title">
      <h2 id="jobs-for-you-title">Jobb för dig</h2>
      {loaded.status === 'loading' ? <LoadingMessage /> : null}
      {loaded.status === 'error' && noProfile(loaded.error) ? (
        <p className="status-message">
          Här visar vi de jobb som passar dig bäst när du har en profil.{' '}
          <a href={`#${MY_PROFILE_ANCHOR}`}>Skapa din profil från ditt CV</a>.
        </p>
      ) : null}
      {loaded.status === 'error' && !noProfile(loaded.error) && !sessionExpired ? (
        <p className="alert error">Kunde inte hämta jobb för dig just nu.</p>
      ) : null}
      {loaded.status === 'success' ? (
        <>
          <WatchProfileJobs />
          <JobsForYouList jobs={loaded.data} />
        </>
      ) : null}
    </section>
  );
}

function JobsForYouList({ jobs }: { jobs: JobForYou[] }) {
  if (jobs.length === 0)
    return (
      <p className="status-message">
        Inga aktuella jobb passar din profil just nu. Lägg gärna till fler yrken eller kompetenser i din
        profil.
      </p>
    );
  return <JobsWithReasons jobs={jobs} reasonClassName="jobs-for-you-reason" />;
}

type WatchState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; text: string };

/** 'Bevaka jobb som matchar min profil', unless the seeker already does. */
function WatchProfileJobs() {
  const searches = useApi(fetchSavedSearches);
  const [state, setState] = useState<WatchState>({ kind: 'idle' });
  const watching = searches.status === 'success' && searches.data.some((search) => search.profile);

  const watch = async (): Promise<void> => {
    setState({ kind: 'saving' });
    try {
      await watchProfileJobs();
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'failed', text: failureText(error, 'Kunde inte spara bevakningen.') });
    }
  };

  return (
    <div className="jobs-for-you-watch">
      <div role="status">
        {state.kind === 'saved' ? (
          <p className="alert success">
            Bevakningen är sparad. Du får e-post en gång om dagen när nya jobb matchar din profil. Du kan
            ändra det under <a href={`#${SAVED_SEARCHES_ANCHOR}`}>Mina bevakningar</a>.
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <p className="alert error" role="alert">
          {state.text}
        </p>
      ) : null}
      {searches.status === 'success' && !watching && state.kind !== 'saved' ? (
        <button
          type="button"
          className="button secondary small"
          disabled={state.kind === 'saving'}
          onClick={() => void watch()}
        >
          {state.kind === 'saving' ? 'Sparar…' : 'Bevaka jobb som matchar min profil'}
        </button>
      ) : null}
      {watching ? (
        <p className="status-message">
          Du bevakar jobb som matchar din profil (se{' '}
          <a href={`#${SAVED_SEARCHES_ANCHOR}`}>Mina bevakningar</a>).
        </p>
      ) : null}
    </div>
  );
}
