import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/auth';
import { saveJob } from './job-detail-api';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'needs-login';

/** 'Spara jobb' with the spec's three outcomes, announced in a live region. */
export function SaveJobButton({ jobId }: { jobId: string }) {
  const [state, setState] = useState<SaveState>('idle');

  const save = async (): Promise<void> => {
    if (!getToken()) {
      setState('needs-login');
      return;
    }
    setState('saving');
    try {
      await saveJob(jobId);
      setState('saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setState('saved'); // already in the list: the visitor's goal is met
      } else if (error instanceof ApiError && error.status === 401) {
        setState('needs-login'); // the client has ended the session and is on its way to /login
      } else {
        setState('failed');
      }
    }
  };

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
            🔒 Du måste vara inloggad för att spara jobb. <Link href="/login">Logga in</Link> eller{' '}
            <Link href="/register">registrera dig</Link>.
          </p>
        ) : null}
        {state === 'saved' ? <p className="alert success">✅ Jobbet har sparats!</p> : null}
        {state === 'failed' ? <p className="alert error">❌ Kunde inte spara jobbet.</p> : null}
      </div>
    </div>
  );
}
