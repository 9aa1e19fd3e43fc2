import type { HousekeepingAnswer } from '@jobbportalen/contracts/api/housekeeping';
import { adminRequest } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { usePolling } from '../use-polling';
import { housekeepingLabel, housekeepingLine } from './housekeeping-format';

const loadHousekeeping = (signal: AbortSignal) =>
  adminRequest<HousekeepingAnswer>('/api/admin/housekeeping', { signal });

function lastRunText(lastRun: HousekeepingAnswer['lastRun']): string {
  if (!lastRun) return 'Ingen gallring har körts ännu.';
  const started = formatDateTime(lastRun.startedAt);
  return lastRun.finishedAt ? `Senaste gallring: ${started}` : `Gallring pågår sedan ${started}`;
}

/**
 * 'Gallring' on Översikt: when the indexer's retention housekeeping last ran, what it deleted of
 * each kind and how long each kind is kept (the RETENTION_*_DAYS in force).
 */
export function HousekeepingSection({ refreshMs }: { refreshMs: number | null }) {
  const polled = usePolling(loadHousekeeping, refreshMs);
  const answer = polled.data ?? null;
  return (
    <section className="card" aria-labelledby="housekeeping-title">
      <h2 id="housekeeping-title">Gallring</h2>
      {answer === null && polled.settled ? (
        <p className="admin-empty">Kunde inte hämta gallringens status.</p>
      ) : null}
      {answer === null && !polled.settled ? <p className="status-message">Laddar...</p> : null}
      {answer ? (
        <>
          <p>{lastRunText(answer.lastRun)}</p>
          {answer.lastRun?.error ? (
            <p className="admin-log-error">Fel vid senaste gallringen: {answer.lastRun.error}</p>
          ) : null}
          <dl className="admin-facts">
            {answer.kinds.map((status) => (
              <div key={status.kind}>
                <dt>{housekeepingLabel(status.kind)}</dt>
                <dd>{housekeepingLine(status)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
