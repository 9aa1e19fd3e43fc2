import type { AlertFrequency } from '@jobbportalen/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { AlertFrequencySelect } from '../../components/alert-frequency-select';
import { LoadingMessage } from '../../components/loading-message';
import { useApi } from '../../lib/use-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { changeManagedAlert, fetchManagedAlert, unsubscribeAlert } from './alert-link-api';
import type { AlertSubscriptionView } from '@jobbportalen/contracts/api/saved-searches';
import { INVALID_LINK, jobsPathOf, linkFailureText, linkTokenOf } from './alert-link';
import { HeldData } from './held-data';
import { SubscriptionFacts } from './subscription-facts';
import './saved-searches.css';

/** /bevakning/hantera?token=…: change how often an alert is mailed, or end it, from its mail. */
export function ManageAlertPage() {
  useDocumentTitle('Hantera bevakning');
  const token = linkTokenOf(useSearch());
  return (
    <div className="page narrow alert-link-page">
      <h1>Hantera bevakning</h1>
      {token ? (
        <ManagedAlert token={token} />
      ) : (
        <p className="alert error" role="alert">
          {INVALID_LINK}
        </p>
      )}
    </div>
  );
}

function ManagedAlert({ token }: { token: string }) {
  const loaded = useApi(fetchManagedAlert, token);
  if (loaded.status === 'loading') return <LoadingMessage />;
  if (loaded.status === 'error') {
    return (
      <p className="alert error" role="alert">
        {linkFailureText(loaded.error)}
      </p>
    );
  }
  return <ManageForm token={token} initial={loaded.data} />;
}

type Message = { kind: 'done' | 'failed'; text: string } | null;

function ManageForm({ token, initial }: { token: string; initial: AlertSubscriptionView }) {
  const [subscription, setSubscription] = useState(initial);
  const [alert, setAlert] = useState<AlertFrequency>(initial.alert);
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const changed = await changeManagedAlert(token, alert);
      // The change answer has no `held`: keep the list, with this subscription's new frequency.
      setSubscription((current) => ({ ...current, ...changed, alert, held: withAlert(current.held, alert) }));
      setMessage({ kind: 'done', text: 'Ändringen är sparad.' });
    } catch (error) {
      setMessage({ kind: 'failed', text: linkFailureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const unsubscribe = async (): Promise<void> => {
    setBusy(true);
    setMessage(null);
    try {
      await unsubscribeAlert(token);
      setEnded(true);
    } catch (error) {
      setMessage({ kind: 'failed', text: linkFailureText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div role="status">
        {ended ? <p className="alert success">Bevakningen är avslutad.</p> : null}
        {!ended && message?.kind === 'done' ? <p className="alert success">{message.text}</p> : null}
      </div>
      {message?.kind === 'failed' ? (
        <p className="alert error" role="alert">
          {message.text}
        </p>
      ) : null}
      {ended ? (
        <p>
          Du får ingen mer e-post om den här sökningen. <Link href="/jobb">Sök bland jobben</Link>
        </p>
      ) : (
        <section className="card alert-link-manage" aria-label="Din bevakning">
          <SubscriptionFacts subscription={subscription} />
          <p>
            <Link href={jobsPathOf(subscription.path)}>Visa sökningen</Link>
          </p>
          <form className="alert-link-frequency" onSubmit={(event) => void save(event)}>
            {/* 'Av' would end the alert: that is the button below, said plainly. */}
            <AlertFrequencySelect
              label="Hur ofta"
              value={alert}
              onChange={setAlert}
              withOff={subscription.alert === 'off'}
              disabled={busy}
            />
            <button type="submit" className="button" disabled={busy}>
              Spara
            </button>
          </form>
          <div className="alert-link-end">
            <button
              type="button"
              className="button danger"
              onClick={() => void unsubscribe()}
              disabled={busy}
            >
              Avsluta bevakningen
            </button>
          </div>
        </section>
      )}
      {ended ? null : <HeldData held={subscription.held} />}
    </>
  );
}

function withAlert(
  held: AlertSubscriptionView['held'],
  alert: AlertFrequency,
): AlertSubscriptionView['held'] {
  if (!held) return held;
  const subscriptions = held.subscriptions.map((item) => (item.current ? { ...item, alert } : item));
  return { ...held, subscriptions };
}
