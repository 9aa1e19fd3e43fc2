import { FIT_IDS_LIMIT, type FitResponse } from '@jobbportalen/contracts/api/candidate-profile';
import { liveJobsByIds, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { badRequest, profileNotFound } from '../errors.js';
import { findProfile } from '../features/candidate-profile/candidate-profile.repository.js';
import { fromSavedProfile } from '../features/match/profile/saved-profile.js';
import { fitOfAd } from './fit-of-ad.js';

/** The columns of an ad its fit reads (fit-of-ad's AdRequirements). */
const REQUIREMENT_COLUMNS = [
  'id',
  'title',
  'occupationId',
  'occupationGroupId',
  'experienceRequired',
  'drivingLicenceRequired',
  'drivingLicences',
  'mustHaveLanguages',
  'mustHaveSkills',
  'niceToHaveSkills',
] as const;

export const TOO_MANY_IDS_MESSAGE = `Högst ${FIT_IDS_LIMIT} annonser åt gången.`;

/** 'a,b,c' as the ids asked about, each once, in the order asked; more than the limit is refused. */
export function fitIdsOf(list: string): string[] {
  const ids = [...new Set(list.split(',').map((id) => id.trim()))].filter(Boolean);
  if (ids.length > FIT_IDS_LIMIT)
    throw badRequest(TOO_MANY_IDS_MESSAGE, { details: { field: 'ids', rule: 'maxItems' } });
  return ids;
}

/**
 * How each of the live ads among `ids` fits the account's own profile, in the order asked;
 * ads unknown, removed or hidden are left out. The ads' facts are read in one query.
 */
export async function fitsForAccount(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<FitResponse> {
  const kept = await findProfile(db, userId);
  // The same answer as GET /api/candidate/profile gives without one.
  if (!kept) throw profileNotFound();
  const profile = fromSavedProfile(kept.profile);
  const ads = new Map((await liveJobsByIds(db, ids, REQUIREMENT_COLUMNS)).map((ad) => [ad.id, ad]));
  return {
    fits: ids.flatMap((id) => {
      const ad = ads.get(id);
      return ad ? [fitOfAd(profile, ad)] : [];
    }),
  };
}
