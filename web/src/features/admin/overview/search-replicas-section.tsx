import { useId } from 'react';
import type { SearchReplicasAnswer, SearchReplicaStatus } from '@jobbportalen/contracts/api/search-replicas';
import { adminRequest } from '../admin-api';
import { DASH, figure } from '../admin-format';
import { usePolling } from '../use-polling';

const loadReplicas = (signal: AbortSignal) =>
  adminRequest<SearchReplicasAnswer>('/api/admin/search-replicas', { signal });

const STATE_LABELS: Record<NonNullable<SearchReplicaStatus['state']>, string> = {
  filling: 'Fylls från databasen',
  live: 'I drift',
  rebuild: 'Byggs om',
};

function stateLabel(replica: SearchReplicaStatus): string {
  if (!replica.healthy) return 'Svarar inte';
  return replica.state ? STATE_LABELS[replica.state] : 'Okänd';
}

/**
 * 'Sökmotorer' on Översikt: each Meilisearch replica's state, whether it takes searches, how many
 * changes it lacks and how many ads it holds. Follows the overview's automatic update.
 */
export function SearchReplicasSection({ refreshMs }: { refreshMs: number | null }) {
  const polled = usePolling(loadReplicas, refreshMs);
  const captionId = useId();
  const replicas = polled.data?.replicas ?? null;
  return (
    <section className="card" aria-labelledby="replicas-title">
      <h2 id="replicas-title">Sökmotorer</h2>
      {replicas === null && polled.settled ? (
        <p className="admin-empty">Kunde inte hämta sökmotorernas status.</p>
      ) : null}
      {replicas === null && !polled.settled ? <p className="status-message">Laddar...</p> : null}
      {replicas ? (
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="admin-table">
            <caption id={captionId}>Meilisearch-repliker</caption>
            <thead>
              <tr>
                <th scope="col">Adress</th>
                <th scope="col">Status</th>
                <th scope="col">Tar sökningar</th>
                <th scope="col" className="numeric">
                  Eftersläpning
                </th>
                <th scope="col" className="numeric">
                  Dokument
                </th>
                <th scope="col">Fel</th>
              </tr>
            </thead>
            <tbody>
              {replicas.map((replica) => (
                <tr key={replica.id}>
                  <td>{replica.id}</td>
                  <td>{stateLabel(replica)}</td>
                  <td>{replica.takesReads ? 'Ja' : 'Nej'}</td>
                  <td className="numeric">{figure(replica.lag)}</td>
                  <td className="numeric">{figure(replica.documents)}</td>
                  <td className={replica.error ? 'admin-log-error' : undefined}>{replica.error || DASH}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
