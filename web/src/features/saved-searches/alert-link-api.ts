import type { AlertFrequency } from '@jobbportalen/contracts';
import type { AlertSubscriptionView } from '@jobbportalen/contracts/api/saved-searches';
import { request } from '../../lib/api-client';

// The mail-link pages act on a signed token from the link alone: no session is sent, so a 401 or
// 403 here can never log anyone out.

/** Opens the confirmation link of a visitor's alert (double opt-in): from now on it is mailed. */
export const confirmAlert = (token: string): Promise<AlertSubscriptionView> =>
  request<AlertSubscriptionView>('/api/alerts/confirm', { method: 'POST', json: { token } });

/** The subscription a manage link is about. */
export const fetchManagedAlert = (token: string, signal?: AbortSignal): Promise<AlertSubscriptionView> =>
  request<AlertSubscriptionView>(`/api/alerts/manage?token=${encodeURIComponent(token)}`, { signal });

/** Changes how often the alert is mailed; resolves with the subscription as it is now. */
export async function changeManagedAlert(
  token: string,
  alert: AlertFrequency,
): Promise<Partial<AlertSubscriptionView>> {
  const answer = await request<Partial<AlertSubscriptionView> | null>('/api/alerts/manage', {
    method: 'POST',
    json: { token, alert },
  });
  return answer ?? {};
}

export async function unsubscribeAlert(token: string): Promise<void> {
  await request<unknown>('/api/alerts/unsubscribe', { method: 'POST', json: { token } });
}
