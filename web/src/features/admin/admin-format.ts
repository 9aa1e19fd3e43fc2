import type { AdminJobStats, ImportHistoryDay, LongTask } from '@jobbportalen/contracts/api/admin-import';
import type { PageViewsDay } from '@jobbportalen/contracts/api/analytics';
import { formatNumber } from '../../lib/format';

/** What the overview shows where a figure could not be loaded: a dash, not an error. */
export const DASH = '–';

const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

const dayFormat = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** ISO time → '24 maj 2026 14:05' in Swedish time; a dash when missing or broken. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? DASH : dateTimeFormat.format(date).replace(' kl. ', ' ');
}

/** A number with Swedish digit grouping, or a dash when it is unknown. */
export const figure = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? formatNumber(value) : DASH;

/** The two names the server may use for each statistic (totalAds or count, totalVacancies or vacancies). */
export function readJobStats(stats: Partial<AdminJobStats> | null | undefined): {
  ads: number | null;
  vacancies: number | null;
} {
  const num = (...values: unknown[]): number | null => {
    for (const value of values) if (typeof value === 'number' && Number.isFinite(value)) return value;
    return null;
  };
  return {
    ads: num(stats?.totalAds, stats?.count),
    vacancies: num(stats?.totalVacancies, stats?.vacancies),
  };
}

const SOURCE_LABELS: Record<string, string> = {
  snapshot: 'Fullständig import',
  stream: 'Ström',
  reindex: 'Omindexering',
};

/** The import log's source in Swedish; unknown sources are shown as they are. */
export const sourceLabel = (source: string | null | undefined): string =>
  source ? (SOURCE_LABELS[source] ?? source) : DASH;

export const TASK_LABELS: Record<LongTask, string> = {
  snapshot: 'Fullständig import pågår',
  reindex: 'Omindexering pågår',
};

/** 'N av M annonser', or 'N annonser' while the total is not known yet. */
export function progressText(processed: number, total: number | null): string {
  return total === null
    ? `${formatNumber(processed)} annonser`
    : `${formatNumber(processed)} av ${formatNumber(total)} annonser`;
}

/** 'YYYY-MM-DD' → seconds since 1970 at midnight UTC (uPlot's x values); NaN when broken. */
export function daySeconds(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
}

/** uPlot x value → '24 maj'. */
export const shortDay = (seconds: number): string => dayFormat.format(new Date(seconds * 1000));

/** 'YYYY-MM-DD' → '24 maj 2026' (the data tables). */
export function longDay(day: string): string {
  const seconds = daySeconds(day);
  return Number.isNaN(seconds) ? day : longDayFormat.format(new Date(seconds * 1000));
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** The screen-reader summary of the import chart (the canvas's aria-label). */
export function importHistorySummary(days: ImportHistoryDay[]): string {
  if (days.length === 0) return 'Diagram över importerade och aktuella annonser: inga data för perioden.';
  const last = days[days.length - 1]!;
  const peak = days.reduce((best, day) => (day.imported > best.imported ? day : best), days[0]!);
  return (
    `Diagram över de senaste ${days.length} dagarna: totalt ${formatNumber(sum(days.map((d) => d.imported)))} ` +
    `importerade annonser, flest ${longDay(peak.day)} (${formatNumber(peak.imported)}). ` +
    `Aktuella annonser ${longDay(last.day)}: ${formatNumber(last.liveAds)}.`
  );
}

/** The screen-reader summary of the page-view chart. */
export function pageViewsSummary(days: PageViewsDay[]): string {
  if (days.length === 0) return 'Diagram över sidvisningar: inga data för perioden.';
  const peak = days.reduce((best, day) => (day.views > best.views ? day : best), days[0]!);
  return (
    `Diagram över sidvisningar de senaste ${days.length} dagarna: totalt ${formatNumber(sum(days.map((d) => d.views)))}` +
    `, flest ${longDay(peak.day)} (${formatNumber(peak.views)}).`
  );
}
