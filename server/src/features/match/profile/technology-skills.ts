import type { Concept } from '@jobbportalen/lexicon/taxonomy';
import { lazy } from '@jobbportalen/lexicon/data-file';
import { technologies } from '@jobbportalen/lexicon/technologies';
import { skillDisplayName, skillKeys } from './concept-names.js';
import { escapeRegExp } from './text-patterns.js';

// Technologies named in a CV by any of their spellings ('React.js', 'k8s', 'CI/CD-pipelines'),
// from the lexicon's curated list. A spelling counts where it stands as a word of its own:
// 'java' does not count inside 'javautvecklare' or 'javascript'.

export interface TechnologySkill extends Concept {
  name: string;
  keys: string[];
}

/** Every spelling's technology, and one pattern of all spellings: built on first use. */
const lookup = lazy(() => {
  const byAlias = new Map<string, TechnologySkill>();
  const byId = new Map<string, TechnologySkill>();
  for (const technology of technologies()) {
    const { concept } = technology;
    const own = concept.id.startsWith('tech:');
    const skill: TechnologySkill = {
      ...concept,
      // An own concept's name is the technology's; a taxonomy one keeps the name it has everywhere.
      name: own ? technology.name : skillDisplayName(concept.label),
      // 'CI/CD' must not become the keys 'ci' and 'cd' as a taxonomy label would.
      keys: [
        ...new Set([
          ...(own ? [technology.name.toLowerCase()] : skillKeys(concept.label)),
          ...technology.aliases,
        ]),
      ],
    };
    for (const alias of technology.aliases) byAlias.set(alias, skill);
    byId.set(skill.id, skill);
  }
  // Longest first, so 'react native' wins over 'react' at the same place.
  const aliases = [...byAlias.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}#.])(?:${aliases.map((alias) => escapeRegExp(alias).replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}#+])`,
    'giu',
  );
  return { pattern, byAlias, byId };
});

/** The curated technology with this concept id (a taxonomy id or 'tech:…'), with its spellings as keys. */
export const technologySkillById = (id: string): TechnologySkill | undefined => lookup().byId.get(id);

/**
 * Technologies the text names, in order of first mention, and the text with their words blanked
 * out (for reading the rest without reading them twice).
 */
export function findTechnologies(text: string): { technologies: TechnologySkill[]; rest: string } {
  const { pattern: technologyPattern, byAlias: table } = lookup();
  const found = new Map<string, TechnologySkill>();
  const rest = text.replace(technologyPattern, (words) => {
    const skill = table.get(words.toLowerCase().replace(/\s+/g, ' '));
    if (skill && !found.has(skill.id)) found.set(skill.id, skill);
    return ' '.repeat(words.length);
  });
  return { technologies: [...found.values()], rest };
}
