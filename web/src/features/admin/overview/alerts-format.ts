import type { AlertsOverview } from '@jobbportalen/contracts/api/saved-searches';
import { formatNumber } from '../../../lib/format';
import { longDay } from '../admin-format';

export type MailDay = AlertsOverview['mailsPerDay'][number];

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** 'N bevakningar, M e-postmeddelanden köade' after 'Kör bevakningar nu'. */
export function runResultText(result: { subscriptions?: unknown; mails?: unknown } | null): string {
  const subscriptions = count(result?.subscriptions);
  const mails = count(result?.mails);
  return `${formatNumber(subscriptions)} ${subscriptions === 1 ? 'bevakning' : 'bevakningar'}, ${formatNumber(mails)} ${mails === 1 ? 'e-postmeddelande' : 'e-postmeddelanden'} köade`;
}

/** Mails sent and failed over the days given. */
export function mailTotals(days: readonly MailDay[]): { sent: number; failed: number } {
  return days.reduce(
    (totals, day) => ({ sent: totals.sent + count(day.sent), failed: totals.failed + count(day.failed) }),
    { sent: 0, failed: 0 },
  );
}

/** The screen-reader summary of the mail chart (the canvas's aria-label). */
export function mailsSummary(days: readonly MailDay[]): string {
  if (days.length === 0) return 'Diagram över e-post: inga data för perioden.';
  const { sent, failed } = mailTotals(days);
  const peak = days.reduce((best, day) => (count(day.sent) > count(best.sent) ? day : best), days[0]!);
  return (
    `Diagram över e-post de senaste ${days.length} dagarna: totalt ${formatNumber(sent)} skickade och ` +
    `${formatNumber(failed)} misslyckade, flest ${longDay(peak.day)} (${formatNumber(count(peak.sent))}).`
  );
}
