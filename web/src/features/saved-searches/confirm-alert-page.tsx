import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { confirmAlert } from './alert-link-api';
import type { AlertSubscriptionView } from '@jobbportalen/contracts/api/saved-searches';
import { INVALID_LINK, jobsPathOf, linkFailureText, linkTokenOf } from './alert-link';
import { SubscriptionFacts } from './subscription-facts';
import './saved-searches.css';

type Outcome = { ok: true; subscription: AlertSubscriptionView } | { ok: false; message: string };

// One confirmation per token and page load: React may run an effect twice (StrictMode in
// development), and confirming is a POST that should reach the server once.
const confirmations = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let outcome = confirmations.get(token);
  if (!outcome) {
    outcome = confirmAlert(token).then(
      (subscription): Outcome => ({ ok: true, subscription }),
      (error: unknown): Outcome => ({ ok: false, message: linkFailureText(error) }),
    );
    confirmations.set(token, outcome);
  }
  return outcome;
}

/** /bevakning/bekrafta?token=…: the confirmation link of a visitor's alert (double opt-in). */
export function ConfirmAlertPage() {
  useDocumentTitle('Bekräfta bevakning');
  const token = linkTokenOf(useSearch());
  const [settled, setSettled] = useState<{ token: string; outcome: Outcome } | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void confirmOnce(token).then((outcome) => {
      if (active) setSettled({ token, outcome });
    });
    return () => {
      active = false;
    };
  }, [token]);

  const outcome: Outcome | null = !token
    ? { ok: false, message: INVALID_LINK }
    : settled?.token === token
      ? settled.outcome
      : null;

  return (
    <div className="page narrow alert-link-page">
      <h1>Bekräfta bevakning</h1>
      {outcome === null ? <LoadingMessage /> : null}
      <div role="status">
        {outcome?.ok ? <p className="alert success">Din bevakning är startad.</p> : null}
      </div>
      {outcome?.ok ? (
        <section className="card" aria-label="Din bevakning">
          <SubscriptionFacts subscription={outcome.subscription} />
          <p>
            <Link href={jobsPathOf(outcome.subscription.path)}>Visa sökningen</Link>
          </p>
        </section>
      ) : null}
      {outcome && !outcome.ok ? (
        <p className="alert error" role="alert">
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}
