import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { figure, readJobStats } from '../admin-format';
import { TaskProgress } from '../task-progress';
import { usePolling } from '../use-polling';
import { AlertsOverviewSection } from './alerts-overview';
import { HistoryCharts } from './history-charts';
import { HousekeepingSection } from './housekeeping-section';
import { ImportLogTable } from './import-log-table';
import { loadOverview } from './load-overview';
import { SearchReplicasSection } from './search-replicas-section';
import { StreamFacts } from './stream-facts';

/** The status refreshes every 5000 ms while auto-update is on; auto-update starts on. */
export const AUTO_REFRESH_MS = 5000;

export function OverviewPage() {
  useDocumentTitle('Översikt – Administration');
  const [auto, setAuto] = useState(true);
  const overview = usePolling(loadOverview, auto ? AUTO_REFRESH_MS : null);
  const [updating, setUpdating] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const data = overview.data;
  const stats = readJobStats(data?.stats.ok ? data.stats.data : null);
  const status = data?.status.ok ? data.status.data : null;

  const updateNow = async (): Promise<void> => {
    setAnnouncement('');
    setUpdating(true);
    const loaded = await overview.refresh();
    const complete = loaded !== undefined && loaded.log.ok && loaded.stats.ok && loaded.status.ok;
    setUpdating(false);
    // The live region was emptied above, so the same text is announced again on every update.
    setAnnouncement(complete ? 'Status uppdaterad' : 'Kunde inte uppdatera status.');
  };

  return (
    <section className="admin-page" aria-labelledby="overview-title">
      <h1 id="overview-title">Översikt</h1>

      <div className="admin-toolbar">
        <button type="button" className="button" disabled={updating} onClick={() => void updateNow()}>
          Uppdatera status
        </button>
        <button
          type="button"
          className="admin-switch"
          aria-pressed={auto}
          aria-describedby="auto-update-hint"
          onClick={() => setAuto((on) => !on)}
        >
          <span className="admin-switch-track" aria-hidden="true">
            <span className="admin-switch-thumb" />
          </span>
          Automatisk uppdatering
          <span className="admin-switch-state" aria-hidden="true">
            {auto ? 'På' : 'Av'}
          </span>
        </button>
        <span id="auto-update-hint" className="visually-hidden">
          Uppdaterar översikten var femte sekund.
        </span>
        <p className="admin-announcement" role="status" aria-live="polite">
          {announcement}
        </p>
      </div>

      <div className="admin-grid">
        <section className="card" aria-labelledby="stats-title">
          <h2 id="stats-title">Statistik</h2>
          <dl className="admin-facts admin-figures">
            <div>
              <dt>Annonser</dt>
              <dd>{figure(stats.ads)}</dd>
            </div>
            <div>
              <dt>Lediga tjänster</dt>
              <dd>{figure(stats.vacancies)}</dd>
            </div>
          </dl>
        </section>

        <section className="card" aria-labelledby="stream-title">
          <h2 id="stream-title">Importström</h2>
          <StreamFacts status={status} />
          {status?.progress ? <TaskProgress progress={status.progress} /> : null}
        </section>
      </div>

      <section className="card" aria-labelledby="log-title">
        <h2 id="log-title">Importlogg</h2>
        <ImportLogTable log={data ? data.log : overview.settled ? { ok: false } : null} />
      </section>

      <SearchReplicasSection refreshMs={auto ? AUTO_REFRESH_MS : null} />

      <HistoryCharts />

      <AlertsOverviewSection refreshMs={auto ? AUTO_REFRESH_MS : null} />

      <HousekeepingSection refreshMs={auto ? AUTO_REFRESH_MS : null} />
    </section>
  );
}
