import type { JobFacts, JobOccupation } from '@jobbportalen/contracts';
import {
  fieldById,
  groupById,
  groupBySsyk,
  mainCategoryFor,
  occupationNameById,
} from '@jobbportalen/lexicon/taxonomy';
import { field, readConcept, type FeedObject } from './feed-values.js';

export type NormalizedOccupation = JobOccupation & Pick<JobFacts, 'mainCategory'>;

/**
 * The occupation triple of an ad. The feed's labels win (they are what the employer saw); the
 * taxonomy fills what is missing: a group from the occupation name's group, a group id from the
 * SSYK code in `legacy_ams_taxonomy_id`, a field from the group. Unknown ids are kept as they
 * came, since our taxonomy copy can be older than the feed.
 */
export function normalizeOccupation(ad: FeedObject): NormalizedOccupation {
  const occupation = readConcept(field(ad, 'occupation'));
  const group = readConcept(field(ad, 'occupation_group'));
  const occupationField = readConcept(field(ad, 'occupation_field'));

  const knownOccupation = occupation.id ? occupationNameById(occupation.id) : undefined;
  const knownGroup =
    (group.id ? groupById(group.id) : undefined) ??
    (group.legacyId ? groupBySsyk(group.legacyId) : undefined) ??
    (!group.id && knownOccupation ? groupById(knownOccupation.groupId) : undefined);
  const groupId = group.id ?? knownGroup?.id ?? null;
  const fieldId = occupationField.id ?? knownGroup?.fieldId ?? null;
  const knownField = fieldId ? fieldById(fieldId) : undefined;

  return {
    occupation: occupation.label ?? knownOccupation?.label ?? null,
    occupationId: occupation.id,
    occupationGroup: group.label ?? knownGroup?.label ?? null,
    occupationGroupId: groupId,
    occupationField: occupationField.label ?? knownField?.label ?? null,
    occupationFieldId: fieldId,
    mainCategory: mainCategoryFor({ groupId, ssyk: knownGroup?.ssyk ?? group.legacyId, fieldId }),
  };
}
