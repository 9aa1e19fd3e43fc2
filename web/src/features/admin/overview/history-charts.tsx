import { useMemo } from 'react';
import type { ImportHistoryDay } from '@jobbportalen/contracts/api/admin-import';
import type { PageViewsDay } from '@jobbportalen/contracts/api/analytics';
import { fetchImportHistory, fetchPageViews } from '../admin-api';
import { daySeconds, figure, importHistorySummary, longDay, pageViewsSummary } from '../admin-format';
import { ChartPanel } from '../charts/chart-panel';
import type { ChartSeries } from '../charts/uplot-mount';
import { usePolling } from '../use-polling';

const IMPORTED_COLOR = '#1e40af';
const LIVE_COLOR = '#b45309';
const VIEWS_COLOR = '#0f766e';

/** Keeps well-formed days only, oldest first (uPlot needs ascending x values). */
function cleanDays<T extends { day: string }>(days: T[] | null): T[] {
  if (!Array.isArray(days)) return [];
  return days
    .filter((entry) => !Number.isNaN(daySeconds(entry.day)))
    .sort((a, b) => daySeconds(a.day) - daySeconds(b.day));
}

const loadHistory = (signal: AbortSignal) => fetchImportHistory(signal);
const loadViews = (signal: AbortSignal) => fetchPageViews(signal);

/** The last 30 days: imports and live ads, and page views (loaded once per visit of the overview). */
export function HistoryCharts() {
  const history = usePolling(loadHistory, null);
  const views = usePolling(loadViews, null);

  return (
    <div className="admin-charts">
      <ImportHistoryChart days={history.data} settled={history.settled} failed={history.error !== null} />
      <PageViewsChart days={views.data} settled={views.settled} failed={views.error !== null} />
    </div>
  );
}

interface ChartProps<T> {
  days: T[] | null;
  settled: boolean;
  failed: boolean;
}

function ChartUnavailable({ title, settled }: { title: string; settled: boolean }) {
  return (
    <section className="card admin-chart">
      <h2>{title}</h2>
      <p className={settled ? 'admin-empty' : 'status-message'}>
        {settled ? 'Ingen data tillgänglig' : 'Laddar...'}
      </p>
    </section>
  );
}

function ImportHistoryChart({ days, settled, failed }: ChartProps<ImportHistoryDay>) {
  const clean = useMemo(() => cleanDays(days), [days]);
  const xs = useMemo(() => clean.map((entry) => daySeconds(entry.day)), [clean]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Importerade annonser per dag',
        values: clean.map((entry) => entry.imported),
        color: IMPORTED_COLOR,
        kind: 'bars',
      },
      {
        label: 'Aktuella annonser',
        values: clean.map((entry) => entry.liveAds),
        color: LIVE_COLOR,
        kind: 'line',
        axis: 'right',
      },
    ],
    [clean],
  );
  const title = 'Importerade och aktuella annonser, 30 dagar';
  if (failed || clean.length === 0) return <ChartUnavailable title={title} settled={settled} />;
  return (
    <ChartPanel
      title={title}
      summary={importHistorySummary(clean)}
      xs={xs}
      series={series}
      caption="Importerade och aktuella annonser per dag"
      columns={[
        { header: 'Dag', values: clean.map((entry) => longDay(entry.day)) },
        { header: 'Importerade', values: clean.map((entry) => figure(entry.imported)), numeric: true },
        { header: 'Aktuella annonser', values: clean.map((entry) => figure(entry.liveAds)), numeric: true },
      ]}
    />
  );
}

function PageViewsChart({ days, settled, failed }: ChartProps<PageViewsDay>) {
  const clean = useMemo(() => cleanDays(days), [days]);
  const xs = useMemo(() => clean.map((entry) => daySeconds(entry.day)), [clean]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Sidvisningar per dag',
        values: clean.map((entry) => entry.views),
        color: VIEWS_COLOR,
        kind: 'bars',
      },
    ],
    [clean],
  );
  const title = 'Sidvisningar, 30 dagar';
  if (failed || clean.length === 0) return <ChartUnavailable title={title} settled={settled} />;
  return (
    <ChartPanel
      title={title}
      summary={pageViewsSummary(clean)}
      xs={xs}
      series={series}
      caption="Sidvisningar per dag"
      columns={[
        { header: 'Dag', values: clean.map((entry) => longDay(entry.day)) },
        { header: 'Sidvisningar', values: clean.map((entry) => figure(entry.views)), numeric: true },
      ]}
    />
  );
}
