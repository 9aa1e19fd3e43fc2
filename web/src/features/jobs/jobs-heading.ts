/**
 * The results heading (spec: 'Jobb inom X i Y', 'Jobb inom X', 'Jobb i Y', else 'Bläddra bland jobb
 * på' + the product's name).
 */
export function jobsHeading(
  filters: { mainCategory?: string | undefined; city?: string | undefined },
  siteName: string,
): string {
  const { mainCategory, city } = filters;
  if (mainCategory && city) return `Jobb inom ${mainCategory} i ${city}`;
  if (mainCategory) return `Jobb inom ${mainCategory}`;
  if (city) return `Jobb i ${city}`;
  return `Bläddra bland jobb på ${siteName}`;
}
