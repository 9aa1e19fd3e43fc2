import { searchWhatOf, searchWhereOf } from '@jobbportalen/contracts';

/**
 * The results heading (spec: 'Jobb inom X i Y', 'Jobb inom X', 'Jobb i Y', else 'Bläddra bland jobb
 * på' + the product's name). X is the main category or, without one, the chosen occupation fields;
 * Y the city or, without one, the chosen län and places (contracts' searchWhatOf / searchWhereOf).
 */
export function jobsHeading(filters: Parameters<typeof searchWhatOf>[0], siteName: string): string {
  const what = searchWhatOf(filters);
  const where = searchWhereOf(filters);
  if (what && where) return `Jobb inom ${what} i ${where}`;
  if (what) return `Jobb inom ${what}`;
  if (where) return `Jobb i ${where}`;
  return `Bläddra bland jobb på ${siteName}`;
}
