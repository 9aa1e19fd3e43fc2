// Words CVs use for taxonomy concepts that the phrase index misses or misreads, and concepts whose
// mentions are mostly something else; curated in data/cv-term-aliases.json, keyed by concept id.
import { lazy, readDataFile } from './data-file.js';
import { occupationNameById, skillById } from './taxonomy.js';
import type { Concept, OccupationName } from './taxonomy.js';

interface AliasEntry {
  /** The concept's label, repeated for people reading the file. */
  label: string;
  /** Lower-case words that name the concept. */
  aliases: string[];
}

interface TermAliasData {
  occupations: Record<string, AliasEntry>;
  englishOnlyOccupations: Record<string, AliasEntry>;
  skills: Record<string, AliasEntry>;
  ignoredOccupations: Record<string, string>;
  ignoredSkills: Record<string, string>;
}

export interface TermAliases {
  /** Alias (lower case, single spaces) → the occupation name it stands for. */
  occupations: ReadonlyMap<string, OccupationName>;
  /** The same, counted only in an English text. */
  englishOnlyOccupations: ReadonlyMap<string, OccupationName>;
  /** Alias → the skill it stands for. */
  skills: ReadonlyMap<string, Concept>;
  /** Occupation name ids never counted as a mention. */
  ignoredOccupationIds: ReadonlySet<string>;
  /** Skill ids never counted as a mention. */
  ignoredSkillIds: ReadonlySet<string>;
}

const data = lazy(() => readDataFile<TermAliasData>('cv-term-aliases.json'));

function aliasMap<T>(entries: Record<string, AliasEntry>, byId: (id: string) => T | undefined) {
  const map = new Map<string, T>();
  for (const [id, entry] of Object.entries(entries)) {
    const concept = byId(id);
    if (concept) for (const alias of entry.aliases) map.set(alias, concept);
  }
  return map;
}

/** The curated aliases and ignored concepts, resolved against the taxonomy once. */
export const termAliases = lazy((): TermAliases => {
  const {
    occupations,
    englishOnlyOccupations,
    skills: skillAliases,
    ignoredOccupations,
    ignoredSkills,
  } = data();
  return {
    occupations: aliasMap(occupations, occupationNameById),
    englishOnlyOccupations: aliasMap(englishOnlyOccupations, occupationNameById),
    skills: aliasMap(skillAliases, skillById),
    ignoredOccupationIds: new Set(Object.keys(ignoredOccupations)),
    ignoredSkillIds: new Set(Object.keys(ignoredSkills)),
  };
});

/**
 * Entries of the alias file that do not name the concept they say they do (an id the taxonomy
 * data lacks, or one whose label has changed) and aliases that could never match. Empty when the file and the taxonomy agree; a test
 * keeps it so, because at run time such an entry is skipped rather than failing a match.
 */
export function termAliasProblems(): string[] {
  const problems: string[] = [];
  const check = (section: string, id: string, label: string, byId: (id: string) => Concept | undefined) => {
    const concept = byId(id);
    if (!concept) problems.push(`${section}: ${id} (${label}) is no concept`);
    else if (concept.label !== label)
      problems.push(`${section}: ${id} is '${concept.label}', not '${label}'`);
  };
  const file = data();
  for (const [section, byId] of [
    ['occupations', occupationNameById],
    ['englishOnlyOccupations', occupationNameById],
    ['skills', skillById],
  ] as const) {
    const seen = new Set<string>();
    for (const [id, entry] of Object.entries(file[section])) {
      check(section, id, entry.label, byId);
      for (const alias of entry.aliases) {
        // Text is matched in lower case with single spaces: any other spelling would never match.
        if (alias !== alias.toLowerCase().replace(/\s+/g, ' ').trim())
          problems.push(`${section}: '${alias}' is not lower case with single spaces`);
        if (seen.has(alias)) problems.push(`${section}: '${alias}' is listed twice`);
        seen.add(alias);
      }
    }
  }
  for (const [id, label] of Object.entries(file.ignoredOccupations))
    check('ignoredOccupations', id, label, occupationNameById);
  for (const [id, label] of Object.entries(file.ignoredSkills)) check('ignoredSkills', id, label, skillById);
  return problems;
}
