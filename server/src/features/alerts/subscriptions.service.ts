import { randomUUID } from 'node:crypto';
import type { AlertSubscriptionView, SubscribeBody } from '@jobbportalen/contracts/api/saved-searches';
import type { AlertFrequency } from '@jobbportalen/contracts';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { AppError, notFound } from '../../errors.js';
import type { SignedTokens, TokenPurpose } from '../../http/signed-tokens.js';
import type { MailLinks } from '../../mail/mail-links.js';
import { queueMail } from '../../mail/mail-outbox.repository.js';
import type { MailRequestBudget } from '../../mail/mail-request-budget.js';
import { INVALID_TOKEN_MESSAGE } from './alerts.schemas.js';
import {
  confirmSubscription,
  engageSubscription,
  findSubscription,
  listVisitorSubscriptions,
  setSubscriptionAlert,
  unsubscribe,
  upsertVisitorSubscription,
  type SavedSearchRow,
} from './saved-searches.repository.js';
import { browserPathOf, storedQueryOf, summaryOf } from './stored-query.js';

export interface SubscriptionDependencies {
  db: Kysely<Database>;
  tokens: SignedTokens;
  /** The mail links, absolute from the portal's base URL (known once the server listens). */
  links: () => MailLinks;
  /** Mails one mailbox may be sent on request in an hour, shared with the account mails. */
  mailRequests: MailRequestBudget;
  /** Wakes this process's mail senders after a mail is queued. */
  wakeMailSenders: () => void;
}

export const SUBSCRIBE_MESSAGE =
  'Vi har skickat ett e-postmeddelande till adressen. Öppna länken i det för att starta bevakningen.';
export const UNSUBSCRIBED_MESSAGE = 'Bevakningen är avslutad.';
const GONE_MESSAGE = 'Bevakningen finns inte längre.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Unconfirmed subscriptions one address may have. Each new query is a row, and the mail budget
 * bounds only the mails: past this, a request with yet another query stores nothing (and is
 * answered the same). A person confirms the ones they asked for; unconfirmed ones go after
 * UNCONFIRMED_SUBSCRIPTION_DAYS.
 */
export const MAX_UNCONFIRMED_SUBSCRIPTIONS = 5;

const invalidToken = () => new AppError(400, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);

/** The subscription a mail link's token names; 400 INVALID_TOKEN for anything else. */
function subscriptionIdOf(deps: SubscriptionDependencies, purpose: TokenPurpose, token: unknown): string {
  const claims = deps.tokens.verify(purpose, token);
  if (!claims || !UUID.test(claims.subject)) throw invalidToken();
  return claims.subject;
}

const viewOf = (row: Pick<SavedSearchRow, 'queryKey' | 'alert'>): AlertSubscriptionView => ({
  summary: summaryOf(row.queryKey),
  path: browserPathOf(row.queryKey),
  alert: row.alert,
});

/**
 * A visitor's alert by e-mail alone (double opt-in): an unconfirmed subscription, or the one the
 * address already has for the query, and a confirmation mail unless it is confirmed already or
 * the address has had its mails for the hour. An address with MAX_UNCONFIRMED_SUBSCRIPTIONS
 * unconfirmed ones gets no new one. The caller answers the same in every case, so nobody learns
 * whether an address is known or subscribed.
 */
export async function subscribe(deps: SubscriptionDependencies, body: SubscribeBody): Promise<void> {
  const email = body.email.trim().toLowerCase();
  const stored = storedQueryOf(body.query);
  const summary = summaryOf(stored.key);
  const values = {
    name: summary,
    query: stored.params,
    queryKey: stored.key,
    alert: body.alert,
  };
  const subscription = await upsertVisitorSubscription(deps.db, email, values, MAX_UNCONFIRMED_SUBSCRIPTIONS);
  // Past the cap nothing is stored; a confirmed one changes only through its mails' link.
  if (!subscription || subscription.confirmedAt) return;
  if (!(await deps.mailRequests.spend(email))) return;
  await queueMail(deps.db, {
    // Each request is a mail of its own (a second request is a resend).
    idempotencyKey: `alert-confirm:${subscription.id}:${randomUUID()}`,
    recipient: email,
    payload: {
      kind: 'alert-confirm',
      summary,
      frequency: body.alert,
      confirmUrl: deps.links().confirmAlert(subscription.id),
    },
  });
  deps.wakeMailSenders();
}

/** Opens the confirmation link: the subscription starts (only ads after this count). */
export async function confirm(deps: SubscriptionDependencies, token: string): Promise<AlertSubscriptionView> {
  const row = await confirmSubscription(deps.db, subscriptionIdOf(deps, 'alert-confirm', token));
  if (!row) throw notFound(GONE_MESSAGE);
  return viewOf(row);
}

/** What the manage page shows; opening it counts as engagement (it keeps an idle subscription). */
export async function manageView(
  deps: SubscriptionDependencies,
  token: unknown,
): Promise<AlertSubscriptionView> {
  const row = await engageSubscription(deps.db, subscriptionIdOf(deps, 'alert-manage', token));
  if (!row) throw notFound(GONE_MESSAGE);
  return { ...viewOf(row), held: await heldForAddress(deps.db, row) };
}

/**
 * What we keep for the address a visitor's manage link was mailed to (GDPR art. 15, shown on its
 * page): the address and each of its subscriptions. An account's saved search: null.
 */
async function heldForAddress(
  db: Kysely<Database>,
  row: SavedSearchRow,
): Promise<AlertSubscriptionView['held']> {
  if (row.userId !== null || row.email === null) return null;
  const subscriptions = await listVisitorSubscriptions(db, row.email);
  return {
    email: row.email,
    subscriptions: subscriptions.map((subscription) => ({
      summary: summaryOf(subscription.queryKey),
      alert: subscription.alert,
      current: subscription.id === row.id,
      createdAt: subscription.createdAt.toISOString(),
      confirmedAt: subscription.confirmedAt?.toISOString() ?? null,
      lastMailedAt: subscription.lastMailedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Changes the frequency from the manage page. 'off' ends a visitor's subscription (the row and
 * the address go); an account's saved search stays, without mail.
 */
export async function changeFrequency(
  deps: SubscriptionDependencies,
  token: string,
  alert: AlertFrequency,
): Promise<AlertSubscriptionView> {
  const id = subscriptionIdOf(deps, 'alert-manage', token);
  const row = await findSubscription(deps.db, id);
  if (!row) throw notFound(GONE_MESSAGE);
  if (alert === 'off' && row.userId === null) {
    await unsubscribe(deps.db, id);
    return viewOf({ queryKey: row.queryKey, alert: 'off' });
  }
  const changed = await setSubscriptionAlert(deps.db, id, alert);
  if (!changed) throw notFound(GONE_MESSAGE);
  return viewOf(changed);
}

/** Unsubscribes (the one-click POST or the page's button). Idempotent: a gone subscription is fine. */
export async function unsubscribeByToken(deps: SubscriptionDependencies, token: unknown): Promise<void> {
  await unsubscribe(deps.db, subscriptionIdOf(deps, 'alert-manage', token));
}
