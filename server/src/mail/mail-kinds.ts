import type { AlertFrequency } from '@jobbportalen/contracts';

/**
 * Every mail the portal sends, as the data its template needs. A mail is queued with this payload
 * (mail_outbox.payload) and rendered when it is delivered; links are absolute (PUBLIC_URL) and
 * carry their signed tokens already.
 */
export type MailPayload =
  | AlertMailPayload
  | AlertConfirmPayload
  | AlertReminderPayload
  | VerifyEmailPayload
  | ResetPasswordPayload
  | RegistrationAttemptPayload;

export type MailKind = MailPayload['kind'];

/** One ad in an alert mail. */
export interface AlertMailAd {
  id: string;
  title: string;
  company: string | null;
  location: string | null;
  /** Application deadline, ISO 8601, or null. */
  lastDate: string | null;
  /** Absolute link to the ad on the portal. */
  url: string;
  /** Why the ad fits the profile ('Yrke: … · Kompetenser: …'): a profile search's ads only. */
  reason?: string;
}

/** Links every mail about a subscription carries (RFC 8058 one-click and a page for people). */
export interface SubscriptionLinks {
  /** The search on /jobb. */
  searchUrl: string;
  /** The page to change the frequency or unsubscribe (token in it). */
  manageUrl: string;
  /** POST target of List-Unsubscribe (token in it): unsubscribes without a page. */
  oneClickUnsubscribeUrl: string;
}

export interface AlertMailPayload extends SubscriptionLinks {
  kind: 'alert';
  /** The saved search's name. */
  name: string;
  /** describeJobQuery of its query. */
  summary: string;
  frequency: Exclude<AlertFrequency, 'off'>;
  /** At most MAX_ADS_PER_ALERT_MAIL, newest first. */
  ads: AlertMailAd[];
  /** New ads beyond those listed ('och N till'). */
  moreCount: number;
}

/** Double opt-in for a visitor's subscription. */
export interface AlertConfirmPayload {
  kind: 'alert-confirm';
  summary: string;
  frequency: Exclude<AlertFrequency, 'off'>;
  confirmUrl: string;
}

/** Sent once to a subscription nobody opened or clicked for 12 months. */
export interface AlertReminderPayload extends SubscriptionLinks {
  kind: 'alert-reminder';
  summary: string;
  /** Opening this keeps the subscription (it counts as engagement). */
  keepUrl: string;
  /** ISO date the subscription is removed unless kept. */
  removeOn: string;
}

export interface VerifyEmailPayload {
  kind: 'verify-email';
  name: string;
  verifyUrl: string;
}

export interface ResetPasswordPayload {
  kind: 'reset-password';
  name: string;
  resetUrl: string;
}

/**
 * To an address that has an account, when someone registers with it: the registration answers
 * as for a new address (it must not tell who has an account), so the owner learns it here.
 */
export interface RegistrationAttemptPayload {
  kind: 'registration-attempt';
  /** The account's own name (not the one the registration sent). */
  name: string;
  loginUrl: string;
  forgotPasswordUrl: string;
}

/** A mail to queue: who gets it, what it says, and the key that makes queueing it twice a no-op. */
export interface QueuedMail {
  /** E.g. 'alert:<subscription id>:<period>', 'verify-email:<user id>:<n>'. */
  idempotencyKey: string;
  recipient: string;
  payload: MailPayload;
}
