import type { Database, SearchEngine } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { NewAdHit } from '../features/alerts/alert-search.js';
import type { ProfileFit, ProfileSearches } from '../features/alerts/profile-search.js';
import {
  findProfile,
  findSavedProfiles,
} from '../features/candidate-profile/candidate-profile.repository.js';
import { fromSavedProfile } from '../features/match/profile/saved-profile.js';
import { CANDIDATE_FIELDS } from '../features/match/ranking/match-queries.js';
import { matchReason } from '../features/match/ranking/match-reason.js';
import { rankCandidates, type Candidate, type Evidence } from '../features/match/ranking/ranking.js';
import { searchCall } from '../search/search-call.js';

// Outside features/ (as privacy/ is): it joins two of them, the kept profile and matching, for a
// third, the alerts, which get it handed in as ProfileSearches.

/** Ads asked of the index per request when reading the candidates' fields. */
const DOCUMENTS_PER_REQUEST = 1000;

/**
 * Whether a new ad fits a profile well enough to be mailed: it is within the person's reach, and
 * it is the profile's occupation or in the same occupation group, or the profile covers at least
 * half of what the ad requires. The
 * score alone is no line to draw: place and recency add points to ads the person could not do,
 * and a related group or a title word is a hint, not a fit. An ad that requires no skills fits
 * by occupation only — half of nothing is no evidence.
 */
export function fitsProfile(candidate: Candidate, evidence: Evidence): boolean {
  // Far away (not in the person's län, not within 30 km, not remote, not a place the profile
  // names) is no fit however well the rest does: a weekly alert for a common occupation would
  // otherwise list the whole country.
  if (evidence.placeFit === 'none') return false;
  if (evidence.occupationFit === 'occupation' || evidence.occupationFit === 'group') return true;
  const required = candidate.mustHaveSkills?.length ?? 0;
  return required > 0 && evidence.mustCovered.length * 2 >= required;
}

export interface ProfileSearchDependencies {
  db: Kysely<Database>;
  search: SearchEngine;
  indexUid: string;
}

/** The ranking fields of these ads, from the index; an ad gone from it is left out. */
async function candidatesOf(deps: ProfileSearchDependencies, ids: string[]): Promise<Map<string, Candidate>> {
  const byId = new Map<string, Candidate>();
  for (let start = 0; start < ids.length; start += DOCUMENTS_PER_REQUEST) {
    const chunk = ids.slice(start, start + DOCUMENTS_PER_REQUEST);
    const page = await searchCall(() =>
      deps.search.client
        .index<Candidate>(deps.indexUid)
        .getDocuments({ ids: chunk, fields: CANDIDATE_FIELDS as (keyof Candidate)[], limit: chunk.length }),
    );
    for (const document of page.results) byId.set(String(document.id), document);
  }
  return byId;
}

/**
 * For each profile search of a run, which of its new ads fit the account's profile, ranked as
 * 'Jobb för dig' ranks them. A search whose account has no profile (deleted since) gets nothing:
 * it stops mailing until there is one again.
 */
async function fitProfileSearches(
  deps: ProfileSearchDependencies,
  searches: readonly { id: string; userId: string | null; fresh: NewAdHit[] }[],
): Promise<Map<string, ProfileFit>> {
  const fits = new Map<string, ProfileFit>();
  // Only searches with new ads need their profile: read those in one query, not one per search.
  const asking = searches.filter((search) => search.userId !== null && search.fresh.length > 0);
  const profiles = await findSavedProfiles(deps.db, [...new Set(asking.map((search) => search.userId!))]);
  const withProfile = asking.flatMap((search) => {
    const saved = profiles.get(search.userId!);
    return saved ? [{ ...search, profile: fromSavedProfile(saved) }] : [];
  });
  const ids = [...new Set(withProfile.flatMap((search) => search.fresh.map((hit) => hit.id)))];
  const candidates = ids.length > 0 ? await candidatesOf(deps, ids) : new Map<string, Candidate>();

  for (const search of searches) fits.set(search.id, { hits: [], reasons: new Map() });
  for (const search of withProfile) {
    const hitById = new Map(search.fresh.map((hit) => [hit.id, hit]));
    const known = search.fresh.flatMap((hit) => candidates.get(hit.id) ?? []);
    const fit = fits.get(search.id)!;
    for (const { candidate, evidence } of rankCandidates(known, search.profile)) {
      if (!fitsProfile(candidate, evidence)) continue;
      fit.hits.push(hitById.get(candidate.id)!);
      fit.reasons.set(candidate.id, matchReason(candidate, evidence));
    }
  }
  return fits;
}

/** The profiles and their fit, as the alerts take them. */
export function profileSearches(deps: ProfileSearchDependencies): ProfileSearches {
  return {
    hasProfile: async (userId) => (await findProfile(deps.db, userId)) !== null,
    fit: (searches) => fitProfileSearches(deps, searches),
  };
}
