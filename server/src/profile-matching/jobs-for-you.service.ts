import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import type { JobsForYouResponse } from '@jobbportalen/contracts/api/jobs-for-you';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { findProfile } from '../features/candidate-profile/candidate-profile.repository.js';
import { fromSavedProfile } from '../features/match/profile/saved-profile.js';
import { findMatches, type MatchDependencies } from '../features/match/ranking/find-matches.js';
import { profileNotFound } from '../errors.js';

export interface JobsForYouDependencies {
  db: Kysely<Database>;
  match: MatchDependencies;
}

/**
 * What stands in for a CV when a kept profile is matched. The keyword queries are built from the
 * profile's occupations and skills themselves (match-queries.ts); this text only feeds the vector
 * search, which places a person by what they do, know and where: so it says that in words, the
 * strongest first, the way the top of a CV does.
 */
export function profileText(saved: SavedProfile): string {
  const occupations = saved.occupations.map((occupation) =>
    occupation.years === null ? occupation.name : `${occupation.name}, ${occupation.years} år`,
  );
  const lines = [
    occupations.join('. '),
    saved.skills.length ? `Kompetenser: ${saved.skills.map((skill) => skill.name).join(', ')}` : '',
    saved.languages.length ? `Språk: ${saved.languages.join(', ')}` : '',
    saved.drivingLicences.length ? `Körkort: ${saved.drivingLicences.join(', ')}` : '',
    saved.locations.length ? `Ort: ${saved.locations.map((place) => place.municipality).join(', ')}` : '',
  ];
  return lines.filter(Boolean).join('\n');
}

/**
 * 'Jobb för dig': the live ads that fit the account's kept profile best, with why — the same
 * search and ranking as 'Matcha mig', from the profile instead of a CV. 404 PROFILE_NOT_FOUND
 * without a profile; 503 when the search engine does not answer.
 */
export async function jobsForYou(deps: JobsForYouDependencies, userId: string): Promise<JobsForYouResponse> {
  const record = await findProfile(deps.db, userId);
  if (!record) throw profileNotFound();
  const { matches } = await findMatches(
    deps.match,
    fromSavedProfile(record.profile),
    profileText(record.profile),
  );
  return { jobs: matches };
}
