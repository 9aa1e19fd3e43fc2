import { ALERT_FREQUENCY_LABELS } from '@jobbportalen/contracts';
import type { AlertSubscriptionView } from '@jobbportalen/contracts/api/saved-searches';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../lib/format';

type Held = AlertSubscriptionView['held'];

/**
 * 'Det här sparar vi om dig' on a mail link's page (GDPR art. 15 for a visitor without an
 * account): the address and every subscription it has, with when it was confirmed and last mailed.
 */
export function HeldData({ held }: { held: Held }) {
  const titleId = useId();
  if (held === undefined) return null;
  return (
    <section className="card alert-link-held" aria-labelledby={titleId}>
      <h2 id={titleId}>Det här sparar vi om dig</h2>
      {held === null ? (
        <p>Bevakningen hör till ett konto. Under Min profil kan du ladda ner allt vi sparar om kontot.</p>
      ) : (
        <>
          <p>
            E-postadress: <strong>{held.email}</strong>
          </p>
          <ul className="alert-link-held-list">
            {held.subscriptions.map((subscription, index) => (
              <li key={index}>
                <strong>{subscription.summary}</strong>
                {subscription.current ? ' (den här bevakningen)' : ''}
                <dl className="alert-link-held-facts">
                  <div>
                    <dt>Hur ofta</dt>
                    <dd>{ALERT_FREQUENCY_LABELS[subscription.alert] ?? subscription.alert}</dd>
                  </div>
                  <div>
                    <dt>Skapad</dt>
                    <dd>{formatDate(subscription.createdAt) ?? '–'}</dd>
                  </div>
                  <div>
                    <dt>Bekräftad</dt>
                    <dd>{formatDate(subscription.confirmedAt) ?? 'Inte bekräftad'}</dd>
                  </div>
                  <div>
                    <dt>Senast skickad</dt>
                    <dd>{formatDate(subscription.lastMailedAt) ?? 'Inget skickat ännu'}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <p>
            Avslutar du en bevakning raderas den. När den sista är avslutad finns adressen inte kvar hos oss.
          </p>
        </>
      )}
      <p>
        <Link href="/integritet">Så hanterar vi dina uppgifter</Link>
      </p>
    </section>
  );
}
