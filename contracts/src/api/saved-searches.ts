import { Type, type Static } from 'typebox';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '../saved-search.js';
import { JobQueryParams } from './job-query-params.js';
import { EmailAddress } from './email-address.js';
import { NO_NUL } from './text-rules.js';

/** How often the new ads are mailed. (Unsafe only types it: a union of a mapped list is typed never.) */
export const AlertFrequencySchema = Type.Unsafe<AlertFrequency>(
  Type.Union(
    ALERT_FREQUENCIES.map((frequency) => Type.Literal(frequency)),
    {
      description: `Hur ofta nya annonser mejlas: ${ALERT_FREQUENCIES.map((f) => `${f} (${ALERT_FREQUENCY_LABELS[f]})`).join(', ')}`,
    },
  ),
);

/**
 * The search of a saved search or an alert: /api/jobs's query parameters, the same names and
 * values, without page, limit and sort.
 */
export const SavedSearchQuery = Type.Omit(JobQueryParams, ['page', 'limit', 'sort'], {
  additionalProperties: false,
});
export type SavedSearchQuery = Static<typeof SavedSearchQuery>;

const Name = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: NO_NUL,
  description: 'Namn på bevakningen',
});
const Email = EmailAddress('E-postadress');
const Token = Type.String({ minLength: 1, maxLength: 1024, description: 'Token från länken i mejlet' });

/** POST /api/saved-searches. */
export const CreateSavedSearchBody = Type.Object(
  {
    query: SavedSearchQuery,
    name: Type.Optional(Name),
    alert: AlertFrequencySchema,
    profile: Type.Optional(
      Type.Literal(true, {
        description:
          "true: 'Jobb som matchar min profil' — nya annonser som passar kontots profil, inte en sökning. " +
          'query ska då vara {}. Kräver en sparad profil (annars 404 PROFILE_NOT_FOUND).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateSavedSearchBody = Static<typeof CreateSavedSearchBody>;

/** PATCH /api/saved-searches/{id}. */
export const UpdateSavedSearchBody = Type.Object(
  { name: Type.Optional(Name), alert: Type.Optional(AlertFrequencySchema) },
  { additionalProperties: false },
);
export type UpdateSavedSearchBody = Static<typeof UpdateSavedSearchBody>;

export const SavedSearchParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type SavedSearchParams = Static<typeof SavedSearchParams>;

/** One saved search as the API answers it. */
export const SavedSearch = Type.Object({
  id: Type.String(),
  name: Type.String(),
  query: SavedSearchQuery,
  /** A readable Swedish description of the query (describeJobQuery). */
  summary: Type.String(),
  /** The job browser's path for the query, e.g. '/jobb?search=l%C3%A4rare'. */
  path: Type.String(),
  alert: AlertFrequencySchema,
  /** 'Jobb som matchar min profil' (its ads are those that fit the profile; query is {}). */
  profile: Type.Boolean(),
  /** Live ads first seen after the seeker last opened this search. */
  newCount: Type.Integer({ minimum: 0 }),
  /** When the seeker last opened it (ISO 8601): ads first seen after this are marked 'Ny'. */
  lastOpenedAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type SavedSearch = Static<typeof SavedSearch>;

export const SavedSearchList = Type.Object({ savedSearches: Type.Array(SavedSearch) });
export type SavedSearchList = Static<typeof SavedSearchList>;

/** POST /api/saved-searches/{id}/open: where the search is, and since when its ads count as new. */
export const OpenedSavedSearch = Type.Object({
  /** The job browser's path for the query. */
  path: Type.String(),
  /** When the seeker opened it before, unix seconds: ads with a later firstSeenTs are 'Ny'. */
  since: Type.Integer(),
});
export type OpenedSavedSearch = Static<typeof OpenedSavedSearch>;

/** POST /api/alerts/subscribe: an alert by e-mail alone, no account. */
export const SubscribeBody = Type.Object(
  {
    email: Email,
    query: SavedSearchQuery,
    alert: Type.Unsafe<Exclude<AlertFrequency, 'off'>>(
      Type.Union(
        ALERT_FREQUENCIES.filter((f) => f !== 'off').map((frequency) => Type.Literal(frequency)),
        { description: 'instant, daily eller weekly' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

/** Bodies that carry only a mail link's token (confirm, unsubscribe). */
export const TokenBody = Type.Object({ token: Token }, { additionalProperties: false });
export type TokenBody = Static<typeof TokenBody>;

/** POST /api/alerts/manage: change a subscription's frequency from its mail. */
export const ManageAlertBody = Type.Object(
  { token: Token, alert: AlertFrequencySchema },
  { additionalProperties: false },
);
export type ManageAlertBody = Static<typeof ManageAlertBody>;

/** One of the subscriptions an address holds, as its manage page lists them. */
export const HeldSubscription = Type.Object({
  summary: Type.String(),
  alert: AlertFrequencySchema,
  /** The subscription whose link opened the page. */
  current: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  confirmedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastMailedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type HeldSubscription = Static<typeof HeldSubscription>;

/**
 * What a mail link's page shows about its subscription. GET /api/alerts/manage adds `held`: what
 * we keep for the address the link was mailed to (its holder has that mailbox); null when the
 * subscription is an account's saved search (the account's export has it).
 */
export const AlertSubscriptionView = Type.Object({
  summary: Type.String(),
  path: Type.String(),
  alert: AlertFrequencySchema,
  held: Type.Optional(
    Type.Union([
      Type.Object({ email: Type.String(), subscriptions: Type.Array(HeldSubscription) }),
      Type.Null(),
    ]),
  ),
});
export type AlertSubscriptionView = Static<typeof AlertSubscriptionView>;

/** POST /api/admin/alerts/run. */
export const AlertRunResult = Type.Object({
  /** Subscriptions the run looked at. */
  subscriptions: Type.Integer({ minimum: 0 }),
  /** Mails it queued. */
  mails: Type.Integer({ minimum: 0 }),
});
export type AlertRunResult = Static<typeof AlertRunResult>;

/** GET /api/admin/alerts/overview: what Översikt shows about alerts and mail. */
export const AlertsOverview = Type.Object({
  subscriptions: Type.Object({
    instant: Type.Integer(),
    daily: Type.Integer(),
    weekly: Type.Integer(),
    off: Type.Integer(),
    unconfirmed: Type.Integer(),
  }),
  /** Mails sent per Stockholm day, the last 30 days, oldest first. */
  mailsPerDay: Type.Array(Type.Object({ day: Type.String(), sent: Type.Integer(), failed: Type.Integer() })),
  outbox: Type.Object({
    queued: Type.Integer(),
    failed: Type.Integer(),
    oldestQueuedAt: Type.Union([Type.String(), Type.Null()]),
  }),
  /** False: no SMTP_URL, mails are kept as .eml files under the data dir. */
  smtpConfigured: Type.Boolean(),
  /** The newest kept .eml files when SMTP is not configured (name, when, recipient, subject). */
  keptMails: Type.Array(
    Type.Object({ file: Type.String(), createdAt: Type.String(), to: Type.String(), subject: Type.String() }),
  ),
});
export type AlertsOverview = Static<typeof AlertsOverview>;
