/**
 * 'Anmäl annons': why a visitor reports an ad. The codes are what the API takes and stores; the
 * Swedish labels are what the report form and the admin's moderation list show.
 */
export const AD_REPORT_REASONS = ['discriminatory', 'fraud', 'payment', 'bankid', 'other'] as const;
export type AdReportReason = (typeof AD_REPORT_REASONS)[number];

export const AD_REPORT_REASON_LABELS: Readonly<Record<AdReportReason, string>> = {
  discriminatory: 'Diskriminerande',
  fraud: 'Falsk annons eller bedrägeri',
  payment: 'Begär betalning',
  bankid: 'Begär BankID eller kontouppgifter',
  other: 'Annat',
};

/** Longest description a reporter may give. */
export const AD_REPORT_MESSAGE_MAX = 1000;

/** 'Annat' says nothing by itself: the reporter must describe what is wrong. */
export const adReportNeedsMessage = (reason: AdReportReason): boolean => reason === 'other';

/** What a reporter is told once the report is in (also when it repeats an earlier one). */
export const AD_REPORT_THANKS = 'Tack! Vi granskar annonsen.';

export const isAdReportReason = (value: unknown): value is AdReportReason =>
  typeof value === 'string' && (AD_REPORT_REASONS as readonly string[]).includes(value);
