import type { MatchProfile } from '@jobbportalen/contracts/api/match';
import { findOccupations, findSkills } from '@jobbportalen/lexicon/phrases';
import type { Concept, OccupationName } from '@jobbportalen/lexicon/taxonomy';
import { termAliases } from '@jobbportalen/lexicon/term-aliases';
import { occupationDisplayName, skillDisplayName, skillKeys } from './concept-names.js';
import { cvLines, type CvLine } from './cv-sections.js';
import { findYearsOfExperience } from './profile-experience.js';
import { findLanguages, isLanguageName } from './profile-languages.js';
import { findDrivingLicences } from './profile-licences.js';
import { findLocations, type LocationMention } from './profile-locations.js';
import { aliasOccupations, aliasSkills } from './term-aliases.js';

export interface ProfileOccupation extends OccupationName {
  name: string;
  /** Relative weight, 1 for the occupation the CV is most about. */
  weight: number;
}

export interface ProfileSkill extends Concept {
  name: string;
  keys: string[];
}

export interface CandidateProfile {
  occupations: ProfileOccupation[];
  skills: ProfileSkill[];
  languages: string[];
  drivingLicences: string[];
  locations: LocationMention[];
  yearsOfExperience: number | null;
  /** CV and letter in lower case, to check an ad's skill words against directly. */
  text: string;
}

const HEADER_LINES = 10;

// The commonest function words of each language: enough to tell an English CV from a Swedish one.
const ENGLISH_WORDS = new Set('and the of to in for with my have at is as i'.split(' '));
const SWEDISH_WORDS = new Set('och att det som en är på för med har jag av till i'.split(' '));

function isEnglish(text: string): boolean {
  let english = 0;
  let swedish = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (ENGLISH_WORDS.has(word)) english++;
    if (SWEDISH_WORDS.has(word)) swedish++;
  }
  return english > swedish;
}

// 'Jag söker tjänsten som …', 'applying for the position as …': the job the person wants.
const WISH = /(?:söker|ansöker|intresserad av|applying|apply|position|role|tjänsten|jobbet)/iu;

/** How much one line's mention of an occupation says about what the person does or wants. */
function lineWeight(line: CvLine, inLetter: boolean): number {
  if (inLetter) return WISH.test(line.text) ? 5 : 2;
  if (line.section === 'header' && line.index < HEADER_LINES) return 5;
  if (line.section === 'profile') return 3;
  if (line.section === 'education') return 0.5;
  return 1;
}

function occupationsIn(text: string, english: boolean): OccupationName[] {
  const aliases = aliasOccupations(text, english);
  // An alias overrides the taxonomy's reading of the same word ('Elektriker' is not 'Elektriker,
  // film/TV'; 'Kock' is not 'Kock, fartyg').
  const phrases = new Set(aliases.map((alias) => alias.phrase));
  const found = findOccupations(text).filter(
    (occupation) => !phrases.has(occupationDisplayName(occupation.label).toLowerCase()),
  );
  return [...found, ...aliases.map((alias) => alias.occupation)];
}

function weighOccupations(lines: CvLine[], letterLines: CvLine[], english: boolean): ProfileOccupation[] {
  const weights = new Map<string, { occupation: OccupationName; weight: number; order: number }>();
  const scan = (line: CvLine, inLetter: boolean) => {
    const seen = new Set<string>();
    for (const occupation of occupationsIn(line.text, english)) {
      // Concepts whose everyday reading is something else ('hiring manager' in a letter).
      if (seen.has(occupation.id) || termAliases().ignoredOccupationIds.has(occupation.id)) continue;
      seen.add(occupation.id);
      const entry = weights.get(occupation.id) ?? { occupation, weight: 0, order: weights.size };
      entry.weight += lineWeight(line, inLetter);
      weights.set(occupation.id, entry);
    }
  };
  lines.forEach((line) => scan(line, false));
  letterLines.forEach((line) => scan(line, true));
  const entries = [...weights.values()].sort((a, b) => b.weight - a.weight || a.order - b.order);
  const top = entries[0]?.weight ?? 1;
  const text = [...lines, ...letterLines].map((line) => line.text).join('\n');
  return entries.map(({ occupation, weight }) => ({
    ...occupation,
    name: occupationDisplayName(occupation.label, text),
    weight: weight / top,
  }));
}

function collectSkills(text: string): ProfileSkill[] {
  const found = new Map<string, Concept>();
  for (const skill of [...findSkills(text), ...aliasSkills(text)])
    if (!found.has(skill.id)) found.set(skill.id, skill);
  return (
    [...found.values()]
      // 'Svenska, cirkelledning' and 'Modersmål, undervisning' are teaching skills, read here
      // from the person's languages; languages have their own list.
      .filter((skill) => {
        const first = skill.label.split(/[ ,/]/)[0] ?? '';
        return !isLanguageName(first) && first.toLowerCase() !== 'modersmål';
      })
      // Concepts whose everyday reading is something else ('AB' after a company name).
      .filter((skill) => !termAliases().ignoredSkillIds.has(skill.id))
      .map((skill) => ({ ...skill, name: skillDisplayName(skill.label), keys: skillKeys(skill.label) }))
  );
}

/**
 * What a CV (and the letter that comes with it) says about a person: occupations weighted by
 * where they are mentioned, taxonomy skills, languages, driving licences, places, years of
 * experience. Pure: no I/O, so it is tested on text directly.
 */
export function extractProfile(cvText: string, letterText: string, now = new Date()): CandidateProfile {
  const lines = cvLines(cvText);
  const letterLines = letterText
    .split('\n')
    .map((text, index) => ({ text: text.trim(), section: 'other' as const, index }))
    .filter((line) => line.text);
  const english = isEnglish(`${cvText}\n${letterText}`);
  const all = [...lines, ...letterLines];
  return {
    occupations: weighOccupations(lines, letterLines, english),
    skills: collectSkills(`${cvText}\n${letterText}`),
    languages: findLanguages(all),
    drivingLicences: findDrivingLicences(all),
    locations: findLocations(lines, letterLines),
    yearsOfExperience: findYearsOfExperience(lines, now, letterLines),
    text: `${cvText}\n${letterText}`.toLocaleLowerCase('sv-SE'),
  };
}

const unique = (values: string[]) => [...new Set(values)];

/** The profile as the API answers it: names people read. */
export function summarizeProfile(profile: CandidateProfile): MatchProfile {
  return {
    occupations: unique(profile.occupations.map((occupation) => occupation.name)).slice(0, 8),
    skills: unique(profile.skills.map((skill) => skill.name)).slice(0, 30),
    languages: profile.languages,
    drivingLicences: profile.drivingLicences,
    locations: profile.locations.slice(0, 4).map((location) => location.municipality),
    yearsOfExperience: profile.yearsOfExperience,
  };
}
