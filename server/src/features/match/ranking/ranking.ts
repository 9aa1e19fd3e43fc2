import { DEFAULT_RADIUS_KM, distanceKmBetween, nearPoint } from '@jobbportalen/contracts';
import { groupById } from '@jobbportalen/lexicon/taxonomy';
import { skillKeys } from '../profile/concept-names.js';
import type { CandidateProfile, ProfileOccupation } from '../profile/profile.js';
import { escapeRegExp } from '../profile/text-patterns.js';

/** The fields of a search hit that ranking reads (see CANDIDATE_FIELDS). */
export interface Candidate {
  id: string;
  title: string;
  occupation: string | null;
  occupationId: string | null;
  occupationGroup: string | null;
  occupationGroupId: string | null;
  municipality: string | null;
  region: string | null;
  location: string | null;
  remote: boolean;
  publishedTs: number | null;
  mustHaveSkills: string[];
  niceToHaveSkills: string[];
}

export type OccupationFit = 'occupation' | 'group' | 'related-group' | 'title' | 'none';
export type PlaceFit =
  'municipality' | 'nearby' | 'other-municipality' | 'region' | 'remote' | 'none' | 'unknown';

export interface Evidence {
  occupationFit: OccupationFit;
  /** The profile occupation behind the fit. */
  occupation: ProfileOccupation | null;
  mustCovered: string[];
  mustMissing: string[];
  niceCovered: string[];
  placeFit: PlaceFit;
}

export interface RankedCandidate {
  candidate: Candidate;
  score: number;
  evidence: Evidence;
}

// Points per signal; together 100. Occupation weighs most: a Javautvecklare in Göteborg wants
// developer jobs anywhere before any job in Göteborg.
export const WEIGHTS = { occupation: 45, skills: 30, place: 20, recency: 5 };
const LEVEL: Record<OccupationFit, number> = {
  occupation: 1,
  group: 0.9,
  'related-group': 0.4,
  title: 0.5,
  none: 0,
};
// Place points: the home town 1, remote 0.8, another town by its distance (closeness below).
const REMOTE_POINTS = 0.8;
// Nothing in the CV says where the person lives: every ad gets the same half.
const UNKNOWN_PLACE_POINTS = 0.5;
// Without coordinates for one of the towns: the same län, as a rough stand-in for distance.
const SAME_REGION_POINTS = 0.3;

/**
 * How surely the ad is the person's occupation, as a band ranked before the score: 2 the same
 * occupation or group as one of the person's main occupations (at least half as strong as the
 * strongest, `strongest`: a nurse's student job as undersköterska is not one), 1 a hint (a minor
 * occupation, a related group, the title), 0 none. A related job next door with every skill
 * named never outranks one of the person's own occupation.
 */
function occupationBand(fit: OccupationFit, occupation: ProfileOccupation | null, strongest: number): number {
  if (fit === 'none') return 0;
  if (fit !== 'occupation' && fit !== 'group') return 1;
  return occupation !== null && occupation.weight * 2 >= strongest ? 2 : 1;
}

const ssykOf = (groupId: string | null) => (groupId ? groupById(groupId)?.ssyk : undefined);

/** The facts of an ad that say which occupation it is. */
export type AdOccupation = Pick<Candidate, 'title' | 'occupationId' | 'occupationGroupId'>;

/** How one of the profile's occupations fits the ad's: the same occupation, group, related group, title. */
export function occupationFitOf(occupation: ProfileOccupation, ad: AdOccupation): OccupationFit {
  if (occupation.id === ad.occupationId) return 'occupation';
  if (occupation.groupId === ad.occupationGroupId) return 'group';
  const adSsyk = ssykOf(ad.occupationGroupId);
  if (adSsyk && ssykOf(occupation.groupId)?.slice(0, 3) === adSsyk.slice(0, 3)) return 'related-group';
  if (ad.title.toLocaleLowerCase('sv-SE').includes(occupation.name.toLocaleLowerCase('sv-SE')))
    return 'title';
  return 'none';
}

function occupationFit(candidate: Candidate, profile: CandidateProfile) {
  let best: { fit: OccupationFit; occupation: ProfileOccupation | null; value: number } = {
    fit: 'none',
    occupation: null,
    value: 0,
  };
  for (const occupation of profile.occupations) {
    const fit = occupationFitOf(occupation, candidate);
    const value = LEVEL[fit] * occupation.weight;
    if (value > best.value) best = { fit, occupation, value };
  }
  return best;
}

/**
 * Whether the profile covers an ad's skill: the same skill among its skills, or the skill's words
 * in its text. Answers the key that covers it (one of the ad skill's keys), null when none does;
 * the site's one meaning of 'covers a skill' (ranking here, the fit of an ad in candidate-fit).
 */
export function skillCoverage(profile: CandidateProfile): (label: string) => string | null {
  const profileKeys = new Set(profile.skills.flatMap((skill) => skill.keys));
  const cache = new Map<string, string | null>();
  return (label: string) => {
    const known = cache.get(label);
    if (known !== undefined) return known;
    const covering =
      skillKeys(label).find(
        (key) =>
          profileKeys.has(key) ||
          (key.length >= 3 &&
            new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(key)}(?![\\p{L}\\p{N}])`, 'u').test(profile.text)),
      ) ?? null;
    cache.set(label, covering);
    return covering;
  };
}

/** A town next to home (a few km) is worth this much of home itself, falling to 0 at the radius. */
const NEXT_DOOR = 0.8;

/**
 * What an ad's town is worth by its distance from home: within the radius the site calls near
 * (`near=` without a radius, 30 km) the closer the more, beyond it nothing. Distance, not the
 * län: Mölndal is next door to Göteborg, Malmö 60 km from Helsingborg in the same län, and
 * Kungsbacka in another. Null when either town has no coordinates.
 */
function closeness(home: string, town: string | null): number | null {
  const from = nearPoint(home);
  const to = town ? nearPoint(town) : null;
  if (!from || !to) return null;
  return Math.max(0, NEXT_DOOR * (1 - distanceKmBetween(from, to) / DEFAULT_RADIUS_KM));
}

function placeFit(candidate: Candidate, profile: CandidateProfile): { fit: PlaceFit; value: number } {
  if (profile.locations.length === 0) return { fit: 'unknown', value: UNKNOWN_PLACE_POINTS };
  if (candidate.remote) return { fit: 'remote', value: REMOTE_POINTS };
  const top = profile.locations[0]!.weight;
  const home = profile.locations[0]!;
  if (candidate.municipality === home.municipality) return { fit: 'municipality', value: 1 };
  const other = profile.locations.find((location) => location.municipality === candidate.municipality);
  const named = other ? other.weight / top : 0;
  const sameRegion = Boolean(home.region) && candidate.region === home.region;
  const near = closeness(home.municipality, candidate.municipality) ?? (sameRegion ? SAME_REGION_POINTS : 0);
  const value = Math.max(named, near);
  if (sameRegion) return { fit: 'region', value };
  if (other) return { fit: 'other-municipality', value };
  return { fit: value > 0 ? 'nearby' : 'none', value };
}

/**
 * Scores candidates 0–100 from occupation, the ad's required and meriting skills the CV covers,
 * place (same municipality, same län, remote) and recency, and returns them best first.
 * `semantic` (0–1 per ad id, from a hybrid search) adds up to 10 points when present.
 */
export function rankCandidates(
  candidates: Candidate[],
  profile: CandidateProfile,
  semantic: Map<string, number> = new Map(),
): RankedCandidate[] {
  const coverage = skillCoverage(profile);
  const covers = (label: string) => coverage(label) !== null;
  const times = candidates.map((candidate) => candidate.publishedTs ?? 0).filter((time) => time > 0);
  const newest = Math.max(0, ...times);
  const oldest = Math.min(newest, ...times);
  const useSemantic = semantic.size > 0;
  const strongest = Math.max(0, ...profile.occupations.map((occupation) => occupation.weight));

  const ranked = candidates.map((candidate) => {
    const occupation = occupationFit(candidate, profile);
    const must = candidate.mustHaveSkills ?? [];
    const nice = candidate.niceToHaveSkills ?? [];
    const mustCovered = must.filter(covers);
    const niceCovered = nice.filter(covers);
    // An ad that names no skills is neither a good nor a bad fit on skills.
    const mustShare = must.length ? mustCovered.length / must.length : 0.5;
    const niceShare = nice.length ? niceCovered.length / nice.length : 0.5;
    const place = placeFit(candidate, profile);
    const recency =
      newest > oldest && candidate.publishedTs ? (candidate.publishedTs - oldest) / (newest - oldest) : 0.5;
    let score =
      WEIGHTS.occupation * occupation.value +
      WEIGHTS.skills * (0.75 * mustShare + 0.25 * niceShare) +
      WEIGHTS.place * place.value +
      WEIGHTS.recency * recency;
    if (useSemantic) score = score * 0.9 + 10 * (semantic.get(candidate.id) ?? 0);
    return {
      candidate,
      score: Math.max(0, Math.min(100, Math.round(score))),
      exact: score,
      occupationBand: occupationBand(occupation.fit, occupation.occupation, strongest),
      evidence: {
        occupationFit: occupation.fit,
        occupation: occupation.occupation,
        mustCovered,
        mustMissing: must.filter((skill) => !mustCovered.includes(skill)),
        niceCovered,
        placeFit: place.fit,
      },
    };
  });
  // Bands before the score: the occupation's, then near before far. An ad far away (not in the
  // person's län, not within reach, not remote, not a place the CV names) comes after every near
  // one: more skills named does not move a cleaner in Kiruna to Täby.
  ranked.sort(
    (a, b) =>
      b.occupationBand - a.occupationBand ||
      Number(a.evidence.placeFit === 'none') - Number(b.evidence.placeFit === 'none') ||
      b.exact - a.exact ||
      (b.candidate.publishedTs ?? 0) - (a.candidate.publishedTs ?? 0) ||
      a.candidate.id.localeCompare(b.candidate.id),
  );
  return ranked.map(({ candidate, score, evidence }) => ({ candidate, score, evidence }));
}
