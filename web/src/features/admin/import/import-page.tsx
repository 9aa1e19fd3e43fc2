import type { LongTask } from '@jobbportalen/contracts/api/admin-import';
import { useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { failureMessage, fetchStreamStatus, sendStreamCommand, type StreamCommand } from '../admin-api';
import { StreamFacts } from '../overview/stream-facts';
import { TaskProgress } from '../task-progress';
import { usePolling } from '../use-polling';

/** While a snapshot or reindex runs (or a command waits), the progress bar follows closely. */
const FAST_POLL_MS = 1500;
const SLOW_POLL_MS = 5000;
/** After a command is accepted, poll fast this long even before the indexer reports progress. */
const WATCH_AFTER_COMMAND_MS = 15_000;

const ACTIONS: { command: StreamCommand; label: string; description: string }[] = [
  { command: 'start', label: 'Starta', description: 'Startar importströmmen med nya och ändrade annonser.' },
  { command: 'stop', label: 'Stoppa', description: 'Stoppar importströmmen.' },
  {
    command: 'snapshot',
    label: 'Full import',
    description: 'Hämtar alla aktuella annonser på nytt (snapshot) och tar bort dem som inte längre finns.',
  },
  {
    command: 'reindex',
    label: 'Omindexera',
    description: 'Bygger om sökindexet från databasen. Sökningen fungerar som vanligt under tiden.',
  },
];

type Outcome = { kind: 'success' | 'error'; text: string } | null;

const loadStatus = (signal: AbortSignal) => fetchStreamStatus(signal);

export function ImportPage() {
  useDocumentTitle('Import – Administration');
  const [busy, setBusy] = useState<StreamCommand | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [watching, setWatching] = useState(false);
  const watchTimer = useRef<number | undefined>(undefined);

  // Poll fast while a task runs or an admin command waits for the indexer.
  const status = usePolling(loadStatus, (latest) =>
    watching || latest?.progress || (latest?.pendingCommands ?? 0) > 0 ? FAST_POLL_MS : SLOW_POLL_MS,
  );
  // A failed refresh shows dashes rather than a status that may be out of date (as on Översikt).
  const current = status.error === null ? status.data : null;
  const progress = current?.progress ?? null;

  const finished = useFinishedTask(progress?.task ?? null);

  useEffect(() => () => window.clearTimeout(watchTimer.current), []);

  const run = async (command: StreamCommand): Promise<void> => {
    setBusy(command);
    setOutcome(null);
    try {
      const message = await sendStreamCommand(command);
      setOutcome({ kind: 'success', text: message });
      setWatching(true);
      window.clearTimeout(watchTimer.current);
      watchTimer.current = window.setTimeout(() => setWatching(false), WATCH_AFTER_COMMAND_MS);
      void status.refresh();
    } catch (error) {
      setOutcome({ kind: 'error', text: failureMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-page" aria-labelledby="import-title">
      <h1 id="import-title">Import</h1>
      <p className="page-intro">Styr importen av annonser från Arbetsförmedlingens JobStream.</p>

      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">Åtgärder</h2>
        <ul className="admin-actions">
          {ACTIONS.map((action) => (
            <li key={action.command}>
              <button
                type="button"
                className={action.command === 'stop' ? 'button secondary' : 'button'}
                disabled={busy !== null}
                aria-describedby={`action-${action.command}`}
                onClick={() => void run(action.command)}
              >
                {action.label}
              </button>
              <p id={`action-${action.command}`} className="field-hint">
                {action.description}
              </p>
            </li>
          ))}
        </ul>
        <div role="status" aria-live="polite">
          {busy ? <p className="status-message">Skickar…</p> : null}
          {outcome?.kind === 'success' ? <p className="alert success">{outcome.text}</p> : null}
        </div>
        {outcome?.kind === 'error' ? (
          <p className="alert error" role="alert">
            {outcome.text}
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="stream-status-title">
        <h2 id="stream-status-title">Status</h2>
        {progress ? <TaskProgress progress={progress} /> : null}
        <p className="admin-done" role="status" aria-live="polite">
          {finished ? `${finished} är klar.` : ''}
        </p>
        <StreamFacts status={current} />
        {status.error !== null ? <p className="admin-empty">Ingen status tillgänglig</p> : null}
      </section>
    </section>
  );
}

const DONE_LABELS = {
  snapshot: 'Den fullständiga importen',
  reindex: 'Omindexeringen',
} as const;

/** The task that just finished (progress went from a task to none), for a short announcement. */
function useFinishedTask(task: LongTask | null): string | null {
  const [previous, setPrevious] = useState(task);
  const [finished, setFinished] = useState<string | null>(null);
  if (task !== previous) {
    setPrevious(task);
    setFinished(previous && !task ? DONE_LABELS[previous] : null);
  }
  return finished;
}
