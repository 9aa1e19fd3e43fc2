import type { AlertsOverview } from '@jobbportalen/contracts/api/saved-searches';
import { useId, useMemo, useState } from 'react';
import { failureMessage, fetchAlertsOverview, runAlertsNow } from '../admin-api';
import { DASH, daySeconds, figure, formatDateTime, longDay } from '../admin-format';
import { ChartPanel } from '../charts/chart-panel';
import type { ChartSeries } from '../charts/uplot-mount';
import { usePolling } from '../use-polling';
import { mailsSummary, mailTotals, runResultText, type MailDay } from './alerts-format';
import './alerts-overview.css';

const SENT_COLOR = '#1e40af';
const FAILED_COLOR = '#b91c1c';

const loadAlerts = (signal: AbortSignal) => fetchAlertsOverview(signal);

/**
 * 'Bevakningar och e-post' on Översikt: subscriptions by frequency, what the mail outbox holds,
 * mails per day, a button that runs every alert now, and — without SMTP — the mails kept as files.
 * It follows the overview's automatic update (`refreshMs`).
 */
export function AlertsOverviewSection({ refreshMs }: { refreshMs: number | null }) {
  const overview = usePolling(loadAlerts, refreshMs);
  const [running, setRunning] = useState(false);
  const [runMessage, setRunMessage] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const data = overview.data;

  const runNow = async (): Promise<void> => {
    setRunning(true);
    setRunMessage(null);
    try {
      const result = await runAlertsNow();
      setRunMessage({ kind: 'done', text: runResultText(result) });
      void overview.refresh();
    } catch (error) {
      setRunMessage({ kind: 'failed', text: failureMessage(error) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <section className="card admin-alerts" aria-labelledby="alerts-title">
        <h2 id="alerts-title">Bevakningar och e-post</h2>
        {data && !data.smtpConfigured ? (
          <p className="alert warning">
            SMTP är inte konfigurerat: e-postmeddelandena sparas som .eml-filer i datakatalogen (mail/).
          </p>
        ) : null}
        {data === null && overview.settled ? (
          <p className="admin-empty">Kunde inte hämta bevakningarna.</p>
        ) : null}
        {data === null && !overview.settled ? <p className="status-message">Laddar...</p> : null}
        {data ? <AlertFigures overview={data} /> : null}

        <div className="admin-alerts-run">
          <button type="button" className="button" disabled={running} onClick={() => void runNow()}>
            {running ? 'Kör bevakningar…' : 'Kör bevakningar nu'}
          </button>
          <p className="admin-announcement" role="status">
            {runMessage?.kind === 'done' ? runMessage.text : ''}
          </p>
        </div>
        {runMessage?.kind === 'failed' ? (
          <p className="alert error" role="alert">
            {runMessage.text}
          </p>
        ) : null}

        {data && !data.smtpConfigured ? <KeptMails mails={data.keptMails} /> : null}
      </section>
      {data ? <MailsChart days={data.mailsPerDay} /> : null}
    </>
  );
}

function AlertFigures({ overview }: { overview: AlertsOverview }) {
  const { subscriptions, outbox } = overview;
  const days = Array.isArray(overview.mailsPerDay) ? overview.mailsPerDay : [];
  const totals = mailTotals(days);
  return (
    <div className="admin-alerts-grid">
      <div>
        <h3>Bevakningar</h3>
        <dl className="admin-facts">
          <Fact term="Direkt" value={figure(subscriptions?.instant)} />
          <Fact term="Dagligen" value={figure(subscriptions?.daily)} />
          <Fact term="Varje vecka" value={figure(subscriptions?.weekly)} />
          <Fact term="Sparade utan e-post (Av)" value={figure(subscriptions?.off)} />
          <Fact term="Obekräftade" value={figure(subscriptions?.unconfirmed)} />
        </dl>
      </div>
      <div>
        <h3>E-postkön</h3>
        <dl className="admin-facts">
          <Fact term="I kö" value={figure(outbox?.queued)} />
          <Fact term="Misslyckade" value={figure(outbox?.failed)} />
          <Fact
            term="Äldsta i kö"
            value={outbox?.oldestQueuedAt ? formatDateTime(outbox.oldestQueuedAt) : DASH}
          />
        </dl>
      </div>
      <div>
        <h3>Senaste 30 dagarna</h3>
        <dl className="admin-facts">
          <Fact term="Skickade e-postmeddelanden" value={figure(totals.sent)} />
          <Fact term="Misslyckade e-postmeddelanden" value={figure(totals.failed)} />
        </dl>
      </div>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Without SMTP the mails are kept as files: the newest of them, so an operator sees what went out. */
function KeptMails({ mails }: { mails: AlertsOverview['keptMails'] }) {
  const captionId = useId();
  const list = Array.isArray(mails) ? mails : [];
  if (list.length === 0) return <p className="admin-empty">Inga sparade e-postmeddelanden ännu.</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId}>Sparade e-postmeddelanden, nyaste först</caption>
        <thead>
          <tr>
            <th scope="col">Tid</th>
            <th scope="col">Till</th>
            <th scope="col">Ämne</th>
          </tr>
        </thead>
        <tbody>
          {list.map((mail) => (
            <tr key={mail.file}>
              <td className="nowrap">{formatDateTime(mail.createdAt)}</td>
              <td className="admin-alerts-recipient">{mail.to}</td>
              <td>{mail.subject}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Mails per day as a chart; a short note instead while there are none (an empty chart says nothing). */
function MailsChart({ days }: { days: MailDay[] }) {
  const clean = useMemo(
    () =>
      (Array.isArray(days) ? days : [])
        .filter((entry) => !Number.isNaN(daySeconds(entry.day)))
        .sort((a, b) => daySeconds(a.day) - daySeconds(b.day)),
    [days],
  );
  const xs = useMemo(() => clean.map((entry) => daySeconds(entry.day)), [clean]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Skickade e-postmeddelanden per dag',
        values: clean.map((d) => d.sent),
        color: SENT_COLOR,
        kind: 'bars',
      },
      {
        label: 'Misslyckade e-postmeddelanden per dag',
        values: clean.map((d) => d.failed),
        color: FAILED_COLOR,
        kind: 'line',
      },
    ],
    [clean],
  );
  const title = 'E-post per dag, 30 dagar';
  const totals = mailTotals(clean);
  if (totals.sent + totals.failed === 0) {
    return (
      <section className="card admin-chart" aria-labelledby="mails-chart-title">
        <h2 id="mails-chart-title">{title}</h2>
        <p className="admin-empty">Ingen e-post de senaste 30 dagarna.</p>
      </section>
    );
  }
  return (
    <ChartPanel
      title={title}
      summary={mailsSummary(clean)}
      xs={xs}
      series={series}
      caption="Skickade och misslyckade e-postmeddelanden per dag"
      columns={[
        { header: 'Dag', values: clean.map((entry) => longDay(entry.day)) },
        { header: 'Skickade', values: clean.map((entry) => figure(entry.sent)), numeric: true },
        { header: 'Misslyckade', values: clean.map((entry) => figure(entry.failed)), numeric: true },
      ]}
    />
  );
}
