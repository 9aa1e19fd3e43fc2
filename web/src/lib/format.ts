/** Swedish number and date formatting shared by every screen. */

const numberFormat = new Intl.NumberFormat('sv-SE');
const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});

/** 1234 → '1 234' (Swedish groups thousands with a non-breaking space). */
export const formatNumber = (value: number): string => numberFormat.format(value);

/** ISO date → '24 maj 2026'; null for a missing or unparseable date so callers choose a fallback. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat.format(date);
}

/** The first non-blank of the given texts, else the fallback. */
export function textOr(fallback: string, ...values: (string | null | undefined)[]): string {
  for (const value of values) {
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return fallback;
}

/** 1 → '1 dag', 30 → '30 dagar', 365 → '365 dagar'. */
export const formatDays = (days: number): string => `${formatNumber(days)} ${days === 1 ? 'dag' : 'dagar'}`;
