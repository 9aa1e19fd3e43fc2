import { readFileSync } from 'node:fs';
import {
  fieldById,
  groupBySsyk,
  languages,
  municipalities,
  occupationNames,
  places,
  regionById,
  skills,
  valueSet,
  type Concept,
  type ValueSetName,
} from '@jobbportalen/lexicon/taxonomy';
import { WeightedTable } from './prng.js';

/** A taxonomy reference as the feed writes it. */
export interface FeedConcept {
  concept_id: string;
  label: string;
  legacy_ams_taxonomy_id: string | null;
}

export interface OccupationProfile {
  ssyk: string;
  sectors: string[];
  group: FeedConcept;
  field: FeedConcept;
  names: FeedConcept[];
  titles: string[];
  /** Headline keyword ('Java') → skills an ad with that keyword in its headline asks for first. */
  titleSkills: Array<[string, FeedConcept[]]>;
  skills: FeedConcept[];
  departments: string[];
  duties: string[];
  requirements: string[];
  merits: string[];
  partTime: number;
  drivingLicense: number;
  /** The licences an ad that requires one asks for ('D' for a bus driver). */
  licences: string[];
  remote: number;
  experience: number;
  english: number;
}

export interface SimulatorPlace {
  id: string;
  label: string;
  code: string;
  lat: number;
  lng: number;
  region: { id: string; label: string; code: string };
  postcodePrefixes: string[];
}

export interface AdTexts {
  intros: string[];
  companyAbout: string[];
  offers: string[];
  remote: string[];
  process: string[];
  contacts: string[];
  closings: string[];
  contactRoles: string[];
  unionContacts: string[];
  salaryDescriptions: string[];
  access: string[];
  headlineAdjectives: string[];
  streets: string[];
  updateNotes: string[];
}

export interface SimulatorData {
  profiles: OccupationProfile[];
  profileTable: WeightedTable<OccupationProfile>;
  placeTable: WeightedTable<SimulatorPlace>;
  employerPrefixes: string[];
  employerSuffixes: Record<string, string[]>;
  municipalityEmployers: Record<string, string>;
  departments: Record<string, string[]>;
  texts: AdTexts;
  firstNames: string[];
  lastNames: string[];
  valueSet(name: ValueSetName, label: string): FeedConcept;
  swedish: FeedConcept;
  english: FeedConcept;
}

interface ProfileFile {
  profiles: Array<{
    ssyk: string;
    weight: number;
    sectors: string[];
    names: string[];
    titles: string[];
    titleSkills?: Record<string, string[]>;
    skills: string[];
    departments?: string[];
    duties: string[];
    requirements: string[];
    merits: string[];
    partTime: number;
    drivingLicense?: number;
    /** Shorthand for licences C and CE. */
    heavyLicense?: boolean;
    licences?: string[];
    remote: number;
    experience: number;
    english: number;
  }>;
}

interface LegacyIdFile {
  occupationFields: Record<string, string>;
  occupationNames: Record<string, string>;
  skills: Record<string, string>;
  valueSets: Record<string, string>;
  languages: Record<string, string>;
}

function readSimulatorFile<T>(fileName: string): T {
  // src/simulator and dist/simulator are both two levels below the workspace root.
  return JSON.parse(readFileSync(new URL(`../data/${fileName}`, import.meta.url), 'utf8')) as T;
}

let loaded: SimulatorData | undefined;

/** The curated word lists joined with the taxonomy, loaded once per process. */
export function simulatorData(): SimulatorData {
  loaded ??= loadSimulatorData();
  return loaded;
}

function loadSimulatorData(): SimulatorData {
  const legacy = readSimulatorFile<LegacyIdFile>('legacy-ids.json');
  const feedConcept = (concept: Concept, legacyIds: Record<string, string>): FeedConcept => ({
    concept_id: concept.id,
    label: concept.label,
    legacy_ams_taxonomy_id: legacyIds[concept.id] ?? null,
  });
  const skillsByLabel = new Map<string, Concept>();
  for (const skill of skills()) if (!skillsByLabel.has(skill.label)) skillsByLabel.set(skill.label, skill);
  const resolveSkills = (labels: readonly string[]) =>
    labels.flatMap((label) => {
      const skill = skillsByLabel.get(label);
      return skill ? [feedConcept(skill, legacy.skills)] : [];
    });

  const profiles = readSimulatorFile<ProfileFile>('occupation-profiles.json').profiles.flatMap((raw) => {
    const group = groupBySsyk(raw.ssyk);
    const field = group && fieldById(group.fieldId);
    if (!group || !field) return [];
    const groupNames = occupationNames().filter((name) => name.groupId === group.id);
    const chosen = groupNames.filter((name) => raw.names.includes(name.label));
    const names = (chosen.length > 0 ? chosen : groupNames.slice(0, 1)).map((name) =>
      feedConcept(name, legacy.occupationNames),
    );
    if (names.length === 0) return [];
    const profile: OccupationProfile = {
      ssyk: raw.ssyk,
      sectors: raw.sectors,
      group: { concept_id: group.id, label: group.label, legacy_ams_taxonomy_id: group.ssyk },
      field: feedConcept(field, legacy.occupationFields),
      names,
      titles: raw.titles,
      titleSkills: Object.entries(raw.titleSkills ?? {}).map(([keyword, labels]) => [
        keyword,
        resolveSkills(labels),
      ]),
      skills: resolveSkills(raw.skills),
      departments: raw.departments ?? [],
      duties: raw.duties,
      requirements: raw.requirements,
      merits: raw.merits,
      partTime: raw.partTime,
      drivingLicense: raw.drivingLicense ?? 0,
      licences: raw.licences ?? (raw.heavyLicense ? ['C', 'CE'] : ['B']),
      remote: raw.remote,
      experience: raw.experience,
      english: raw.english,
    };
    return [[profile, raw.weight] as const];
  });

  const employers = readSimulatorFile<{
    prefixes: string[];
    sectors: Record<string, string[]>;
    municipalityEmployers: Record<string, string>;
    departments: Record<string, string[]>;
  }>('employers.json');
  const people = readSimulatorFile<{ firstNames: string[]; lastNames: string[] }>('people.json');
  const languageConcept = (label: string): FeedConcept => {
    const language = languages().find((candidate) => candidate.label === label);
    if (!language) throw new Error(`Language ${label} is missing from the taxonomy`);
    return feedConcept(language, legacy.languages);
  };

  return {
    profiles: profiles.map(([profile]) => profile),
    profileTable: new WeightedTable(profiles),
    placeTable: new WeightedTable(loadPlaces()),
    employerPrefixes: employers.prefixes,
    employerSuffixes: employers.sectors,
    municipalityEmployers: employers.municipalityEmployers,
    departments: employers.departments,
    texts: readSimulatorFile<AdTexts>('ad-texts.json'),
    firstNames: people.firstNames,
    lastNames: people.lastNames,
    valueSet(name, label) {
      const concept = valueSet(name).find((candidate) => candidate.label === label);
      if (!concept) throw new Error(`No '${label}' in taxonomy value set ${name}`);
      return feedConcept(concept, legacy.valueSets);
    },
    swedish: languageConcept('Svenska'),
    english: languageConcept('Engelska'),
  };
}

function loadPlaces(): Array<readonly [SimulatorPlace, number]> {
  const file = readSimulatorFile<{
    defaultWeight: number;
    weights: Record<string, number>;
    postcodePrefixes: Record<string, string[]>;
  }>('municipality-weights.json');
  return municipalities().flatMap((municipality) => {
    const region = regionById(municipality.regionId);
    // A kommun without its own coordinates borrows those of a tätort inside it.
    const locality = places().find(
      (place) => place.municipalityCode === municipality.code && place.lat !== 0,
    );
    const lat = municipality.lat ?? locality?.lat;
    const lng = municipality.lng ?? locality?.lng;
    if (!region || lat === undefined || lng === undefined) return [];
    const place: SimulatorPlace = {
      id: municipality.id,
      label: municipality.label,
      code: municipality.code,
      lat,
      lng,
      region: { id: region.id, label: region.label, code: region.code },
      postcodePrefixes: file.postcodePrefixes[region.code] ?? ['10'],
    };
    return [[place, file.weights[municipality.label] ?? file.defaultWeight] as const];
  });
}
