import type { MatchProfile } from '@jobbportalen/contracts/api/match';
import { findOccupations, findSkills } from '@jobbportalen/lexicon/phrases';
import type { Concept, OccupationName } from '@jobbportalen/lexicon/taxonomy';
import { termAliases } from '@jobbportalen/lexicon/term-aliases';
import { occupationDisplayName, skillDisplayName, skillKeys } from './concept-names.js';
import { cvLines, type CvLine } from './cv-sections.js';
import { findYearsOfExperience, monthsOfLine } from './profile-experience.js';
import { findLanguages, isLanguageName } from './profile-languages.js';
import { findDrivingLicences } from './profile-licences.js';
import { findLocations, type LocationMention } from './profile-locations.js';
import { aliasOccupations, aliasSkills } from './term-aliases.js';
import { findTechnologies } from './technology-skills.js';

export interface ProfileOccupation extends OccupationName {
  name: string;
  /** Relative weight, 1 for the occupation the CV is most about. */
  weight: number;
  /** Years the work history gives under this title (date ranges on its lines), null without dates. */
  years: number | null;
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
  if (inLetter) return 5;
  if (line.section === 'header' && line.index < HEADER_LINES) return 5;
  if (line.section === 'profile') return 3;
  if (line.section === 'education') return 0.5;
  return 1;
}

// Short capitals ('CD', 'IT', 'HR') and abbreviations joined by a slash ('CI/CD') name a practice,
// a department or a format far more often than a job: they never count as an occupation by
// themselves. In a title they stay ('HR generalist', 'IT-tekniker'): only the occupation the
// abbreviation names on its own is dropped, unless the line names it in words too.
const ABBREVIATION = /(?<![\p{L}\p{N}-])\p{Lu}{1,4}(?:\/\p{Lu}{1,4})*(?![\p{L}\p{N}])/gu;

const withoutAbbreviations = (text: string) =>
  text.replace(ABBREVIATION, (abbreviation) => ' '.repeat(abbreviation.length));

// An apprenticeship ('Lärling, installationselektriker') is a stage of the trade the same line
// names; shown as 'Lärling' it says nothing, so the trade's title carries those years.
const isApprenticeship = (occupation: OccupationName) => occupation.label.startsWith('Lärling');

// Where a job title stands: the headline at the top, the summary under it, the work history, and
// the letter. Education ('Högskoleingenjör'), skills ('CI/CD') and the rest name no job held.
const TITLE_SECTIONS = new Set<CvLine['section']>(['header', 'profile', 'experience']);

function occupationsIn(text: string, english: boolean): OccupationName[] {
  const found = namedOccupations(text, english).filter((occupation) => !isApprenticeship(occupation));
  const abbreviations = text.match(ABBREVIATION) ?? [];
  if (abbreviations.length === 0) return found;
  const byAbbreviation = new Set(
    abbreviations.flatMap((abbreviation) => namedOccupations(abbreviation, english).map(({ id }) => id)),
  );
  const inWords = new Set(namedOccupations(withoutAbbreviations(text), english).map(({ id }) => id));
  return found.filter(({ id }) => !byAbbreviation.has(id) || inWords.has(id));
}

function namedOccupations(text: string, english: boolean): OccupationName[] {
  const aliases = aliasOccupations(text, english);
  // An alias overrides the taxonomy's reading of the same word ('Elektriker' is not 'Elektriker,
  // film/TV'; 'Kock' is not 'Kock, fartyg').
  const phrases = new Set(aliases.map((alias) => alias.phrase));
  const found = findOccupations(text).filter(
    (occupation) => !phrases.has(occupationDisplayName(occupation.label).toLowerCase()),
  );
  return [...found, ...aliases.map((alias) => alias.occupation)];
}

function weighOccupations(
  lines: CvLine[],
  letterLines: CvLine[],
  english: boolean,
  now: Date,
): ProfileOccupation[] {
  const weights = new Map<
    string,
    { occupation: OccupationName; weight: number; order: number; months: number }
  >();
  const scan = (line: CvLine, inLetter: boolean) => {
    if (!inLetter && !TITLE_SECTIONS.has(line.section)) return;
    // In the letter only the job asked for counts, not the colleagues it mentions ('sjuksköterskor').
    if (inLetter && !WISH.test(line.text)) return;
    if (!inLetter && line.section === 'header' && line.index >= HEADER_LINES) return;
    const months = !inLetter && line.section === 'experience' ? monthsOfLine(line.text, now) : 0;
    const seen = new Set<string>();
    for (const occupation of occupationsIn(line.text, english)) {
      // Concepts whose everyday reading is something else ('hiring manager' in a letter).
      if (seen.has(occupation.id) || termAliases().ignoredOccupationIds.has(occupation.id)) continue;
      seen.add(occupation.id);
      const entry = weights.get(occupation.id) ?? { occupation, weight: 0, order: weights.size, months: 0 };
      entry.weight += lineWeight(line, inLetter);
      entry.months += months;
      weights.set(occupation.id, entry);
    }
  };
  lines.forEach((line) => scan(line, false));
  letterLines.forEach((line) => scan(line, true));
  const entries = [...weights.values()].sort((a, b) => b.weight - a.weight || a.order - b.order);
  const top = entries[0]?.weight ?? 1;
  const text = [...lines, ...letterLines].map((line) => line.text).join('\n');
  return entries.map(({ occupation, weight, months }) => ({
    ...occupation,
    name: occupationDisplayName(occupation.label, text),
    weight: weight / top,
    years: months > 0 ? Math.round(months / 12) : null,
  }));
}

function collectSkills(text: string): ProfileSkill[] {
  // The curated technologies first: they know spellings ('React.js', 'k8s') and names ('CI/CD')
  // the taxonomy lacks, and they are never language or noise concepts.
  const { technologies, rest } = findTechnologies(text);
  const found = new Map<string, Concept>();
  // The taxonomy reads the text without the technologies' words: 'CI/CD' is not also 'CI',
  // 'Azure' not also 'Windows Azure'.
  for (const skill of [...findSkills(rest), ...aliasSkills(rest)])
    if (!found.has(skill.id)) found.set(skill.id, skill);
  const technologyIds = new Set(technologies.map((technology) => technology.id));
  const taxonomy = [...found.values()]
    .filter((skill) => !technologyIds.has(skill.id))
    // 'Svenska, cirkelledning' and 'Modersmål, undervisning' are teaching skills, read here
    // from the person's languages; languages have their own list.
    .filter((skill) => {
      const first = skill.label.split(/[ ,/]/)[0] ?? '';
      return !isLanguageName(first) && first.toLowerCase() !== 'modersmål';
    })
    // Concepts whose everyday reading is something else ('AB' after a company name).
    .filter((skill) => !termAliases().ignoredSkillIds.has(skill.id))
    .map((skill) => ({ ...skill, name: skillDisplayName(skill.label), keys: skillKeys(skill.label) }));
  return [...technologies, ...taxonomy];
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
    occupations: weighOccupations(lines, letterLines, english, now),
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
