import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import { PROFILE_LIMITS } from '@jobbportalen/contracts/api/candidate-profile';
import { occupationNameById, skillById } from '@jobbportalen/lexicon/taxonomy';
import { skillDisplayName, skillKeys } from './concept-names.js';
import type { CandidateProfile, ProfileOccupation, ProfileSkill } from './profile.js';
import { technologySkillById } from './technology-skills.js';

// A profile kept for 'Min profil' is the reading of a CV without the CV: concept ids and the names
// people read. These two functions are the one way between it and the profile matching works on.

const unique = <T>(items: T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

/** What of a CV's reading is kept: ids and names, the years per occupation; never the text. */
export function toSavedProfile(profile: CandidateProfile): SavedProfile {
  return {
    occupations: unique(profile.occupations, (occupation) => occupation.id)
      .slice(0, PROFILE_LIMITS.occupations)
      .map(({ id, name, years }) => ({ id, name, years: years === null ? null : Math.min(60, years) })),
    skills: unique(profile.skills, (skill) => skill.id)
      .slice(0, PROFILE_LIMITS.skills)
      .map(({ id, name }) => ({ id, name })),
    languages: profile.languages.slice(0, PROFILE_LIMITS.languages),
    drivingLicences: profile.drivingLicences.slice(
      0,
      PROFILE_LIMITS.drivingLicences,
    ) as SavedProfile['drivingLicences'],
    locations: unique(profile.locations, (location) => location.municipality)
      .slice(0, PROFILE_LIMITS.locations)
      .map(({ municipality, region }) => ({ municipality, region })),
    yearsOfExperience: profile.yearsOfExperience === null ? null : Math.min(60, profile.yearsOfExperience),
  };
}

/** A kept skill as matching reads it: the technology's spellings, else the taxonomy label's keys. */
export function savedSkill(skill: SavedProfile['skills'][number]): ProfileSkill {
  const technology = technologySkillById(skill.id);
  if (technology) return technology;
  const concept = skillById(skill.id);
  // A concept the taxonomy no longer has (or never had) still counts by its name.
  const label = concept?.label ?? skill.name;
  return {
    id: skill.id,
    label,
    name: concept ? skillDisplayName(label) : skill.name,
    keys: skillKeys(label),
  };
}

/**
 * The profile matching works on, from a kept one: occupations in the order kept (the first is
 * what the person does or wants most), skills with their keys, places in order. The text is the
 * kept names, so an ad's skill words are checked against what the person keeps, not a CV.
 */
export function fromSavedProfile(saved: SavedProfile): CandidateProfile {
  const occupations = saved.occupations.flatMap((kept, index): ProfileOccupation[] => {
    const occupation = occupationNameById(kept.id);
    if (!occupation) return [];
    return [{ ...occupation, name: kept.name, weight: Math.max(0.5, 1 - index * 0.1), years: kept.years }];
  });
  const skillList = saved.skills.map(savedSkill);
  const places = saved.locations.length;
  return {
    occupations,
    skills: skillList,
    languages: saved.languages,
    drivingLicences: saved.drivingLicences,
    locations: saved.locations.map((location, index) => ({ ...location, weight: places - index })),
    yearsOfExperience: saved.yearsOfExperience,
    text: [...occupations.map((o) => o.name), ...skillList.map((s) => s.name), ...saved.languages]
      .join('\n')
      .toLocaleLowerCase('sv-SE'),
  };
}
