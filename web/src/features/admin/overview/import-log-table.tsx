import { useId } from 'react';
import type { ImportLogEntry } from '@jobbportalen/contracts/api/admin-import';
import { DASH, figure, formatDateTime, sourceLabel } from '../admin-format';
import type { Part } from './load-overview';

/** The latest imports, newest first; 'Ingen logg tillgänglig' when the log is empty or failed. */
export function ImportLogTable({ log }: { log: Part<ImportLogEntry[]> | null }) {
  const captionId = useId();
  if (log === null) return <p className="status-message">Laddar...</p>;
  if (!log.ok || log.data.length === 0) return <p className="admin-empty">Ingen logg tillgänglig</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId}>
          {log.data.length === 1
            ? 'Den senaste importen'
            : `De senaste ${log.data.length} importerna, nyaste först`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Datum</th>
            <th scope="col">Källa</th>
            <th scope="col" className="numeric">
              Importerade
            </th>
            <th scope="col" className="numeric">
              Tjänster
            </th>
            <th scope="col" className="numeric">
              Borttagna
            </th>
            <th scope="col">Fel</th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((entry) => (
            <tr key={entry._id}>
              <td className="nowrap">{formatDateTime(entry.date)}</td>
              <td>{sourceLabel(entry.source)}</td>
              <td className="numeric">{figure(entry.imported)}</td>
              <td className="numeric">{figure(entry.vacancies)}</td>
              <td className="numeric">{figure(entry.removed)}</td>
              <td className={entry.error ? 'admin-log-error' : undefined}>{entry.error || DASH}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
