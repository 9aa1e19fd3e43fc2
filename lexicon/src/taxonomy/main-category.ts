import type { MainCategory } from '@jobbportalen/contracts';
import { groupById, groupBySsyk } from './lookups.js';

// Mapped by occupation group, not by field label: six groups changed field in the taxonomy after
// 2019. Group-level rules are checked first: they pull single groups into a category
// their field would not give them (3321 försäkringssäljare sits in the administration field).
const CATEGORY_BY_SSYK: ReadonlyMap<string, MainCategory> = new Map([
  ['3321', 'Sälj'],
  ...['2411', '2412', '2413', '2419', '3313', '3314', '4111', '4112', '4212'].map(
    (ssyk) => [ssyk, 'Ekonomi'] as const,
  ),
  ...['4222', '4223', '4224', '4225'].map((ssyk) => [ssyk, 'Kundservice'] as const),
]);

const CATEGORY_BY_FIELD: ReadonlyMap<string, MainCategory> = new Map([
  ['apaJ_2ja_LuF', 'IT'],
  ['RPTn_bxG_ExZ', 'Sälj'],
  ['NYW6_mP6_vwf', 'Vård'],
]);

export interface OccupationRef {
  groupId?: string | null;
  ssyk?: string | null;
  fieldId?: string | null;
}

/**
 * The spec's main category for an ad's occupation, or null when it belongs to none. The group's
 * field comes from our data (version 30) rather than the ad, because six groups changed field
 * after 2019 and older ads still carry the old one; the ad's fieldId is only a fallback.
 */
export function mainCategoryFor(ref: OccupationRef): MainCategory | null {
  const group =
    (ref.groupId ? groupById(ref.groupId) : undefined) ?? (ref.ssyk ? groupBySsyk(ref.ssyk) : undefined);
  const ssyk = group?.ssyk ?? ref.ssyk?.trim() ?? null;
  const byGroup = ssyk ? CATEGORY_BY_SSYK.get(ssyk) : undefined;
  if (byGroup) return byGroup;
  const fieldId = group?.fieldId ?? ref.fieldId ?? null;
  return (fieldId && CATEGORY_BY_FIELD.get(fieldId)) || null;
}
