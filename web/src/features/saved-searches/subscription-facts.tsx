import type { AlertSubscriptionView } from '@jobbportalen/contracts/api/saved-searches';
import { ALERT_FREQUENCY_LABELS } from '@jobbportalen/contracts';

/** What a mail link's subscription is: the search in words and how often it is mailed. */
export function SubscriptionFacts({ subscription }: { subscription: AlertSubscriptionView }) {
  return (
    <dl className="alert-link-facts">
      <div>
        <dt>Sökning</dt>
        <dd>{subscription.summary}</dd>
      </div>
      <div>
        <dt>Hur ofta</dt>
        <dd>{ALERT_FREQUENCY_LABELS[subscription.alert] ?? subscription.alert}</dd>
      </div>
    </dl>
  );
}
