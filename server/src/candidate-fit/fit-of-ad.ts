import type { AdFit, FitRequirement } from '@jobbportalen/contracts/api/candidate-profile';
import { skillDisplayName } from '../features/match/profile/concept-names.js';
import type { CandidateProfile } from '../features/match/profile/profile.js';
import { wordsPattern, escapeRegExp } from '../features/match/profile/text-patterns.js';
import { occupationFitOf, skillCoverage, type AdOccupation } from '../features/match/ranking/ranking.js';
import { licenceCovering } from './driving-licences.js';

/** What of an ad its fit reads: what it asks for, and which occupation it is. */
export interface AdRequirements extends AdOccupation {
  id: string;
  experienceRequired: boolean | null;
  drivingLicenceRequired: boolean | null;
  drivingLicences: readonly string[];
  mustHaveLanguages: readonly string[];
  mustHaveSkills: readonly string[];
  niceToHaveSkills: readonly string[];
}

const requirement = (
  kind: FitRequirement['kind'],
  label: string,
  required: boolean,
  evidence: string | null,
): FitRequirement => ({ kind, label, required, met: evidence !== null, evidence });

/** Each name once, in the ad's order (the feed repeats a skill now and then). */
const once = (names: readonly string[]) => [...new Set(names.map((name) => name.trim()).filter(Boolean))];

/**
 * Experience is met by years under the ad's occupation (the same occupation or one of its group),
 * else by years of work at all; the evidence says which.
 */
function experienceEvidence(profile: CandidateProfile, ad: AdRequirements): string | null {
  const underAdOccupation = profile.occupations
    .filter((occupation) => (occupation.years ?? 0) >= 1)
    .filter((occupation) => ['occupation', 'group'].includes(occupationFitOf(occupation, ad)))
    .sort((a, b) => (b.years ?? 0) - (a.years ?? 0))[0];
  if (underAdOccupation) return `${underAdOccupation.name}, ${underAdOccupation.years} år`;
  if ((profile.yearsOfExperience ?? 0) >= 1) return `Arbetslivserfarenhet, ${profile.yearsOfExperience} år`;
  return null;
}

const sameLanguage = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('sv-SE') === b.trim().toLocaleLowerCase('sv-SE');

/**
 * What in the profile covers an ad's skill, by the ranking's one meaning of covering
 * (skillCoverage): the profile's skill with the covering key, else the kept name whose words hold it.
 */
function skillEvidence(profile: CandidateProfile): (label: string) => string | null {
  const coverage = skillCoverage(profile);
  const keptNames = [
    ...profile.skills.map((skill) => skill.name),
    ...profile.occupations.map((occupation) => occupation.name),
    ...profile.languages,
  ];
  return (label) => {
    const key = coverage(label);
    if (key === null) return null;
    const skill = profile.skills.find((candidate) => candidate.keys.includes(key));
    if (skill) return skill.name;
    const words = wordsPattern(escapeRegExp(key));
    return keptNames.find((name) => words.test(name)) ?? skillDisplayName(label);
  };
}

/**
 * How an ad fits a profile, requirement by requirement: the must-haves first (experience, each
 * driving licence class or 'Körkort', each language, each skill), then the merits (nice-to-have
 * skills, licence classes named but not required), each in the ad's order. Only what the ad
 * asks for is listed; an ad that asks for nothing has an empty list and 0 required.
 */
export function fitOfAd(profile: CandidateProfile, ad: AdRequirements): AdFit {
  const coveringSkill = skillEvidence(profile);
  const licences = once(ad.drivingLicences);
  const licenceRequired = ad.drivingLicenceRequired === true;
  const licence = (name: string, required: boolean) =>
    requirement('licence', `Körkort ${name}`, required, licenceCovering(profile.drivingLicences, name));
  const skill = (label: string, required: boolean) =>
    requirement('skill', skillDisplayName(label), required, coveringSkill(label));

  const mustHaveSkills = once(ad.mustHaveSkills);
  const mustHaves: FitRequirement[] = [
    ...(ad.experienceRequired === true
      ? [requirement('experience', 'Erfarenhet', true, experienceEvidence(profile, ad))]
      : []),
    ...(licenceRequired && licences.length === 0
      ? [
          requirement(
            'licence',
            'Körkort',
            true,
            profile.drivingLicences.length ? profile.drivingLicences.join(', ') : null,
          ),
        ]
      : []),
    ...(licenceRequired ? licences.map((name) => licence(name, true)) : []),
    ...once(ad.mustHaveLanguages).map((language) =>
      requirement(
        'language',
        language,
        true,
        profile.languages.find((known) => sameLanguage(known, language)) ?? null,
      ),
    ),
    ...mustHaveSkills.map((label) => skill(label, true)),
  ];
  const merits: FitRequirement[] = [
    ...once(ad.niceToHaveSkills)
      .filter((label) => !mustHaveSkills.includes(label))
      .map((label) => skill(label, false)),
    ...(licenceRequired ? [] : licences.map((name) => licence(name, false))),
  ];
  return {
    jobId: ad.id,
    met: mustHaves.filter((item) => item.met).length,
    required: mustHaves.length,
    requirements: [...mustHaves, ...merits],
  };
}
