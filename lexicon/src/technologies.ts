// Technologies ads and CVs name, with their spellings ('React', 'React.js', 'ReactJS'; 'k8s'):
// curated in data/technologies.json, since the taxonomy lacks many of them (React, Spring Boot,
// Kubernetes) and spells the ones it has its own way ('Node, exekveringsmiljö').
import { lazy, readDataFile } from './data-file.js';
import { skillById } from './taxonomy.js';
import type { Concept } from './taxonomy.js';

interface TechnologyEntry {
  name: string;
  /** The taxonomy skill this technology is, if the taxonomy has it. */
  taxonomyId?: string;
  taxonomyLabel?: string;
  /** Lower-case spellings, single spaces. */
  aliases: string[];
}

export interface Technology {
  /** The name people read ('React', 'CI/CD'). */
  name: string;
  /** The taxonomy skill, or an own concept with id 'tech:<name>' when the taxonomy has none. */
  concept: Concept;
  aliases: string[];
}

const data = lazy(() => readDataFile<{ technologies: TechnologyEntry[] }>('technologies.json'));

/** The curated technologies, resolved against the taxonomy once. */
export const technologies = lazy((): Technology[] =>
  data().technologies.map((entry) => ({
    name: entry.name,
    concept: (entry.taxonomyId && skillById(entry.taxonomyId)) || {
      id: `tech:${entry.name.toLowerCase()}`,
      label: entry.name,
    },
    aliases: entry.aliases,
  })),
);

/** Entries that name a taxonomy skill the data lacks or labels otherwise, and spellings that could never match. */
export function technologyProblems(): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of data().technologies) {
    if (entry.taxonomyId) {
      const skill = skillById(entry.taxonomyId);
      if (!skill) problems.push(`${entry.name}: ${entry.taxonomyId} is no skill`);
      else if (skill.label !== entry.taxonomyLabel)
        problems.push(`${entry.name}: ${entry.taxonomyId} is '${skill.label}', not '${entry.taxonomyLabel}'`);
    }
    for (const alias of entry.aliases) {
      if (alias !== alias.toLowerCase().replace(/\s+/g, ' ').trim())
        problems.push(`${entry.name}: '${alias}' is not lower case with single spaces`);
      if (seen.has(alias)) problems.push(`${entry.name}: '${alias}' is listed twice`);
      seen.add(alias);
    }
  }
  return problems;
}
