import type { StreamStatus } from '@jobbportalen/contracts/api/admin-import';
import { DASH, figure, formatDateTime } from '../admin-format';

/** The import stream's state as a description list; dashes throughout when it could not load. */
export function StreamFacts({ status }: { status: StreamStatus | null }) {
  const running = status === null ? DASH : status.running ? 'Pågår' : 'Stoppad';
  return (
    <dl className="admin-facts">
      <div>
        <dt>Importströmmen</dt>
        <dd>
          {status === null ? (
            DASH
          ) : (
            <span className={status.running ? 'tag admin-running' : 'tag muted'}>{running}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Sedan</dt>
        <dd>{formatDateTime(status?.since)}</dd>
      </div>
      <div>
        <dt>Senaste händelse</dt>
        <dd>{formatDateTime(status?.lastEventAt)}</dd>
      </div>
      <div>
        <dt>Markör (hämtat till och med)</dt>
        <dd>{formatDateTime(status?.lastCursor)}</dd>
      </div>
      <div>
        <dt>Senaste fullständiga import</dt>
        <dd>{formatDateTime(status?.lastSnapshotAt)}</dd>
      </div>
      <div>
        <dt>Väntar på indexering</dt>
        <dd>{figure(status?.pendingIndexing)}</dd>
      </div>
      <div>
        <dt>Väntande kommandon</dt>
        <dd>{figure(status?.pendingCommands)}</dd>
      </div>
    </dl>
  );
}
