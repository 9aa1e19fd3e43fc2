import type { HiddenAd, ReportedAd } from '@jobbportalen/contracts/api/ad-reports';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { LoadingMessage } from '../../../components/loading-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { failureMessage } from '../admin-api';
import { DASH, formatDateTime } from '../admin-format';
import { usePolling } from '../use-polling';
import { fetchHiddenAds, fetchReportedAds, moderateAd, type ModerationAction } from './reports-api';
import './reports.css';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

const loadModeration = async (signal: AbortSignal) => {
  const [reported, hidden] = await Promise.all([fetchReportedAds(signal), fetchHiddenAds(signal)]);
  return { reported: reported.ads, hidden: hidden.ads };
};

/**
 * 'Anmälda annonser': the ads visitors have reported, grouped per ad, where an admin hides an ad
 * (out of search, the sitemap and alerts, whatever the feed sends) or dismisses the reports; and
 * the hidden ads, each of which can be shown again.
 */
export function ReportsPage() {
  useDocumentTitle('Anmälda annonser – Administration');
  const moderation = usePolling(loadModeration, null);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const act = async (jobId: string, action: ModerationAction): Promise<void> => {
    setBusy(`${jobId}:${action}`);
    setOutcome(null);
    try {
      const message = await moderateAd(jobId, action);
      await moderation.refresh();
      setOutcome({ kind: 'success', text: message });
    } catch (error) {
      setOutcome({ kind: 'error', text: failureMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const actions = { busy, act: (jobId: string, action: ModerationAction) => void act(jobId, action) };

  return (
    <section className="admin-page" aria-labelledby="reports-title">
      <h1 id="reports-title">Anmälda annonser</h1>
      <p className="page-intro">
        Annonser som besökare har anmält. En dold annons försvinner ur sökningen, sitemap och bevakningarna
        och förblir dold även när annonsen uppdateras i flödet.
      </p>
      <div role="status" aria-live="polite">
        {outcome ? <p className={`alert ${outcome.kind}`}>{outcome.text}</p> : null}
      </div>
      {moderation.data !== null ? (
        <>
          <h2>Öppna anmälningar</h2>
          <ReportedTable ads={moderation.data.reported} {...actions} />
          <h2>Dolda annonser</h2>
          <HiddenTable ads={moderation.data.hidden} {...actions} />
        </>
      ) : moderation.settled ? (
        <>
          <p className="alert error" role="alert">
            Kunde inte hämta anmälningarna.
          </p>
          <button type="button" className="button" onClick={() => void moderation.refresh()}>
            Försök igen
          </button>
        </>
      ) : (
        <LoadingMessage />
      )}
    </section>
  );
}

interface Actions {
  busy: string | null;
  act: (jobId: string, action: ModerationAction) => void;
}

function AdCell({ ad }: { ad: { title: string; company: string | null; link: string; removed: boolean } }) {
  return (
    <>
      <Link href={ad.link}>{ad.title || 'Okänd titel'}</Link>
      <br />
      <span className="field-hint">
        {ad.company ?? 'Okänt företag'}
        {ad.removed ? ' · borttagen ur flödet' : ''}
      </span>
    </>
  );
}

function ReportedTable({ ads, busy, act }: { ads: ReportedAd[] } & Actions) {
  if (ads.length === 0) return <p className="admin-empty">Inga öppna anmälningar.</p>;
  return (
    <ScrollingTable caption="Annonser med öppna anmälningar, mest anmälda först">
      <thead>
        <tr>
          <th scope="col">Annons</th>
          <th scope="col" className="numeric">
            Anmälningar
          </th>
          <th scope="col">Skäl</th>
          <th scope="col">Meddelanden</th>
          <th scope="col">Anmäld</th>
          <th scope="col">Åtgärd</th>
        </tr>
      </thead>
      <tbody>
        {ads.map((ad) => (
          <tr key={ad.jobId}>
            <td>
              <AdCell ad={ad} />
            </td>
            <td className="numeric">{ad.count}</td>
            <td>
              <ul className="admin-reports-list">
                {ad.reasons.map((reason) => (
                  <li key={reason.reason}>
                    {reason.label}: {reason.count}
                  </li>
                ))}
              </ul>
            </td>
            <td>
              {ad.messages.length === 0 ? (
                DASH
              ) : (
                <ul className="admin-reports-list">
                  {ad.messages.map((message) => (
                    <li key={`${message.reportedAt}-${message.message}`} className="admin-reports-message">
                      {message.message}
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td className="nowrap">
              Först {formatDateTime(ad.firstReportedAt)}
              <br />
              Senast {formatDateTime(ad.lastReportedAt)}
            </td>
            <td>
              <div className="admin-reports-actions">
                <button
                  type="button"
                  className="button danger"
                  disabled={busy !== null}
                  onClick={() => act(ad.jobId, 'hide')}
                >
                  Dölj annonsen<span className="visually-hidden">: {ad.title}</span>
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy !== null}
                  onClick={() => act(ad.jobId, 'dismiss')}
                >
                  Avvisa anmälan<span className="visually-hidden">: {ad.title}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

function HiddenTable({ ads, busy, act }: { ads: HiddenAd[] } & Actions) {
  if (ads.length === 0) return <p className="admin-empty">Inga dolda annonser.</p>;
  return (
    <ScrollingTable caption="Dolda annonser, senast dolda först">
      <thead>
        <tr>
          <th scope="col">Annons</th>
          <th scope="col">Dold</th>
          <th scope="col">Skäl</th>
          <th scope="col">Åtgärd</th>
        </tr>
      </thead>
      <tbody>
        {ads.map((ad) => (
          <tr key={ad.jobId}>
            <td>
              <AdCell ad={ad} />
            </td>
            <td className="nowrap">{formatDateTime(ad.hiddenAt)}</td>
            <td>{ad.reason ?? DASH}</td>
            <td>
              <button
                type="button"
                className="button secondary"
                disabled={busy !== null}
                onClick={() => act(ad.jobId, 'unhide')}
              >
                Visa igen<span className="visually-hidden">: {ad.title}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** A table that scrolls sideways on a narrow screen, as a labelled region keyboard users can scroll. */
function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table admin-reports-table">
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
