import type { Concept, OccupationName } from '@jobbportalen/lexicon/taxonomy';
import { termAliases } from '@jobbportalen/lexicon/term-aliases';
import { escapeRegExp } from './text-patterns.js';

// Titles and skills CVs write that the taxonomy's phrase index does not find, or finds as the
// wrong concept ('Registered nurse', 'Lastbilschaufför', a bare 'Elektriker'): the lexicon keeps
// them by concept id; here they are found in text.

let patterns: { occupations: RegExp; englishOnly: RegExp; skills: RegExp } | undefined;

const phrasePattern = (phrases: Iterable<string>) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map((phrase) => escapeRegExp(phrase).replace(/ /g, '\\s+'))
      .join('|')})s?(?![\\p{L}\\p{N}])`,
    'giu',
  );

function aliasPatterns() {
  const aliases = termAliases();
  patterns ??= {
    occupations: phrasePattern(aliases.occupations.keys()),
    englishOnly: phrasePattern(aliases.englishOnlyOccupations.keys()),
    skills: phrasePattern(aliases.skills.keys()),
  };
  return patterns;
}

const key = (match: string) => match.toLowerCase().replace(/\s+/g, ' ');
const singular = (text: string, table: ReadonlyMap<string, unknown>) =>
  table.has(key(text)) ? key(text) : key(text).replace(/s$/, '');

/** Occupations named by an alias in the text, with the words that named them. */
export function aliasOccupations(
  text: string,
  english: boolean,
): Array<{ phrase: string; occupation: OccupationName }> {
  const { occupations, englishOnlyOccupations: englishOnly } = termAliases();
  const { occupations: occupationPattern, englishOnly: englishOnlyPattern } = aliasPatterns();
  const found: Array<{ phrase: string; occupation: OccupationName }> = [];
  for (const match of text.matchAll(occupationPattern)) {
    const phrase = singular(match[0], occupations);
    const occupation = occupations.get(phrase);
    if (occupation) found.push({ phrase, occupation });
  }
  if (english) {
    for (const match of text.matchAll(englishOnlyPattern)) {
      const phrase = singular(match[0], englishOnly);
      const occupation = englishOnly.get(phrase);
      if (occupation) found.push({ phrase, occupation });
    }
  }
  return found;
}

/** Skills named by an alias in the text. */
export function aliasSkills(text: string): Concept[] {
  const table = termAliases().skills;
  const skillPattern = aliasPatterns().skills;
  const found: Concept[] = [];
  for (const match of text.matchAll(skillPattern)) {
    const skill = table.get(singular(match[0], table));
    if (skill && !found.includes(skill)) found.push(skill);
  }
  return found;
}
