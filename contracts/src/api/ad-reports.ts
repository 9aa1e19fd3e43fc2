import { Type, type Static } from 'typebox';
import {
  AD_REPORT_MESSAGE_MAX,
  AD_REPORT_REASON_LABELS,
  AD_REPORT_REASONS,
  type AdReportReason,
} from '../ad-report.js';
import { NO_NUL } from './text-rules.js';

/** Why an ad is reported. (Unsafe only types it: a union of a mapped list is typed never.) */
export const AdReportReasonSchema = Type.Unsafe<AdReportReason>(
  Type.Union(
    AD_REPORT_REASONS.map((reason) => Type.Literal(reason)),
    { description: AD_REPORT_REASONS.map((r) => `${r} (${AD_REPORT_REASON_LABELS[r]})`).join(', ') },
  ),
);

/** POST /api/jobs/:id/reports. The message is required for 'other' (checked by the server). */
export const AdReportBody = Type.Object(
  {
    reason: AdReportReasonSchema,
    message: Type.Optional(Type.String({ maxLength: AD_REPORT_MESSAGE_MAX, pattern: NO_NUL })),
  },
  { additionalProperties: false },
);
export type AdReportBody = Static<typeof AdReportBody>;

const Timestamp = Type.String({ format: 'date-time' });

/** The ad a moderation entry is about, as the admin list shows it. */
const ReportedAdFields = {
  jobId: Type.String(),
  title: Type.String(),
  company: Type.Union([Type.String(), Type.Null()]),
  /** The ad's page on the portal. */
  link: Type.String(),
  /** The feed has removed the ad meanwhile (or it expired). */
  removed: Type.Boolean(),
};

/** GET /api/admin/ad-reports: the open reports of one ad, grouped. */
export const ReportedAd = Type.Object({
  ...ReportedAdFields,
  count: Type.Integer(),
  reasons: Type.Array(
    Type.Object({ reason: AdReportReasonSchema, label: Type.String(), count: Type.Integer() }),
  ),
  /** The reporters' own words, newest first (reports without a message left out). */
  messages: Type.Array(
    Type.Object({ reason: AdReportReasonSchema, message: Type.String(), reportedAt: Timestamp }),
  ),
  firstReportedAt: Timestamp,
  lastReportedAt: Timestamp,
});
export type ReportedAd = Static<typeof ReportedAd>;

export const ReportedAds = Type.Object({ ads: Type.Array(ReportedAd) });
export type ReportedAds = Static<typeof ReportedAds>;

/** GET /api/admin/ad-reports/hidden: the ads an admin has hidden, newest first. */
export const HiddenAd = Type.Object({
  ...ReportedAdFields,
  hiddenAt: Timestamp,
  /** Why, as a label ('Falsk annons eller bedrägeri'); null when hidden without a report. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type HiddenAd = Static<typeof HiddenAd>;

export const HiddenAds = Type.Object({ ads: Type.Array(HiddenAd) });
export type HiddenAds = Static<typeof HiddenAds>;
