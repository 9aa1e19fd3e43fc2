import { jobPagePath } from '@jobbportalen/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { getToken, loginPathWithNext, registerPathWithNext } from '../../lib/auth';
import { saveJob } from './job-detail-api';
import { rememberPendingSave, takePendingSave } from './pending-save';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'needs-login';

/** Saves the ad for the logged-in visitor: what the button shows after. */
async function saveOutcome(jobId: string): Promise<SaveState> {
  try {
    await saveJob(jobId);
    return 'saved';
  } catch (error) {
    // Already in the list: the visitor's goal is met.
    if (error instanceof ApiError && error.status === 409) return 'saved';
    if (error instanceof ApiError && error.status === 401) {
      // The client has ended the session and is on its way to /login, back here afterwards.
      rememberPendingSave(jobId);
      return 'needs-login';
    }
    return 'failed';
  }
}

/** 'Spara jobb' with the spec's three outcomes, announced in a live region. */
export function SaveJobButton({ jobId }: { jobId: string }) {
  const [state, setState] = useState<SaveState>('idle');
  const adPath = jobPagePath(jobId);

  const save = async (): Promise<void> => {
    if (!getToken()) {
      setState('needs-login');
      return;
    }
    setState('saving');
    setState(await saveOutcome(jobId));
  };

  // Back from logging in to save this ad: the save the visitor asked for is done now.
  useEffect(() => {
    if (getToken() && takePendingSave(jobId)) void saveOutcome(jobId).then(setState);
  }, [jobId]);

  return (
    <div className="save-job">
      <button
        type="button"
        className="button secondary"
        onClick={() => void save()}
        disabled={state === 'saving'}
        aria-describedby={`save-job-status-${jobId}`}
      >
        {state === 'saving' ? 'Sparar…' : 'Spara jobb'}
      </button>
      <div id={`save-job-status-${jobId}`} role="status" className="save-job-status">
        {state === 'needs-login' ? (
          <p className="alert warning">
            🔒 Du måste vara inloggad för att spara jobb.{' '}
            <Link href={loginPathWithNext(adPath)} onClick={() => rememberPendingSave(jobId)}>
              Logga in
            </Link>{' '}
            eller{' '}
            <Link href={registerPathWithNext(adPath)} onClick={() => rememberPendingSave(jobId)}>
              registrera dig
            </Link>
            .
          </p>
        ) : null}
        {state === 'saved' ? <p className="alert success">✅ Jobbet har sparats!</p> : null}
        {state === 'failed' ? <p className="alert error">❌ Kunde inte spara jobbet.</p> : null}
      </div>
    </div>
  );
}
