import { foldAscii } from '@jobbportalen/contracts';
import {
  PROFILE_SUGGESTION_LIMIT,
  type ProfileSuggestion,
  type ProfileSuggestionKind,
} from '@jobbportalen/contracts/api/candidate-profile';
import { lazy } from '@jobbportalen/lexicon/data-file';
import {
  languages,
  municipalities,
  municipalityByName,
  occupationNameById,
  occupationNames,
  regionById,
  skillById,
  skillsById,
} from '@jobbportalen/lexicon/taxonomy';
import { occupationDisplayName, skillDisplayName } from './concept-names.js';
import { technologySkillById } from './technology-skills.js';
import { technologies } from '@jobbportalen/lexicon/technologies';

// The concepts a person may add to 'Min profil' by hand: the same taxonomy and technologies a
// CV's reading draws on, so an added skill counts in matching as one read from a CV would.

interface Entry extends ProfileSuggestion {
  /** Folded names it is found by ('goteborg', 'systemutvecklare/programmerare'). */
  keys: string[];
}

const entry = (id: string, name: string, ...names: string[]): Entry => ({
  id,
  name,
  keys: [...new Set([name, ...names].map(foldAscii))],
});

/** A language as the profile names it: the first of the taxonomy label's alternatives ('Persiska'). */
const languageName = (label: string): string => label.split('/')[0]?.trim() || label;

const entries = lazy((): Record<ProfileSuggestionKind, Entry[]> => ({
  occupation: occupationNames().map((o) => entry(o.id, o.label, occupationDisplayName(o.label))),
  // The curated technologies first: they carry the spellings people type ('k8s', 'react.js').
  skill: [
    ...technologies().map((t) =>
      entry(t.concept.id, technologySkillById(t.concept.id)?.name ?? t.name, t.name),
    ),
    ...[...skillsById().values()]
      .filter((skill) => !technologySkillById(skill.id))
      .map((skill) => entry(skill.id, skillDisplayName(skill.label), skill.label)),
  ],
  // Groupings ('Finsk-ugriska språk, andra') are not languages anyone speaks.
  language: languages()
    .filter((language) => !language.label.includes(','))
    .map((language) => entry(language.id, languageName(language.label), language.label)),
  place: municipalities().map((municipality) => entry(municipality.id, municipality.label)),
}));

/** 0: a name starts with the words typed; 1: a word inside a name does; null: no match. */
function rank(keys: string[], query: string): number | null {
  let best: number | null = null;
  for (const key of keys) {
    if (key.startsWith(query)) return 0;
    const at = key.indexOf(query);
    // Any later occurrence at a word's start: 'boot' finds 'spring boot', 'vard' 'hälso- och sjukvård'.
    for (let index = at; index > 0; index = key.indexOf(query, index + 1)) {
      if (!/[\p{L}\p{N}]/u.test(key[index - 1] ?? '')) best = 1;
    }
  }
  return best;
}

/**
 * Up to ten concepts of the kind whose name, or a word in it, begins with what was typed:
 * case and Swedish letters folded ('gote' finds 'Göteborg'); the shortest first within a rank.
 */
export function profileSuggestions(kind: ProfileSuggestionKind, typed: string): ProfileSuggestion[] {
  const query = foldAscii(typed.trim().replace(/\s+/g, ' '));
  if (!query) return [];
  const found: Array<{ item: Entry; rank: number }> = [];
  for (const item of entries()[kind]) {
    const itemRank = rank(item.keys, query);
    if (itemRank !== null) found.push({ item, rank: itemRank });
  }
  found.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.item.name.length - b.item.name.length ||
      a.item.name.localeCompare(b.item.name, 'sv-SE'),
  );
  const seen = new Set<string>();
  const suggestions: ProfileSuggestion[] = [];
  for (const { item } of found) {
    // Taxonomy labels differing only in a qualifier can share a name: one line each name.
    if (seen.has(item.name)) continue;
    seen.add(item.name);
    suggestions.push({ id: item.id, name: item.name });
    if (suggestions.length === PROFILE_SUGGESTION_LIMIT) break;
  }
  return suggestions;
}

/** The name an added occupation is kept under: the one given if the taxonomy's, else its own. */
export function knownOccupationName(id: string, given: string): string | null {
  const occupation = occupationNameById(id);
  if (!occupation) return null;
  const names = [occupation.label, occupationDisplayName(occupation.label)];
  return (
    names.find((name) => foldAscii(name) === foldAscii(given)) ?? occupationDisplayName(occupation.label)
  );
}

/** The name an added skill is kept under; null when it is neither a taxonomy skill nor a technology. */
export function knownSkillName(id: string): string | null {
  const technology = technologySkillById(id);
  if (technology) return technology.name;
  const skill = skillById(id);
  return skill ? skillDisplayName(skill.label) : null;
}

const languageByName = lazy(() => {
  const byName = new Map<string, string>();
  for (const language of languages()) {
    const name = languageName(language.label);
    for (const spelling of [language.label, ...language.label.split('/')]) {
      const key = foldAscii(spelling.trim());
      if (key && !byName.has(key)) byName.set(key, name);
    }
  }
  return byName;
});

/** A taxonomy language's name as the profile keeps it ('persiska' → 'Persiska'); null if none. */
export const knownLanguageName = (name: string): string | null =>
  languageByName().get(foldAscii(name.trim())) ?? null;

/** A kommun as the profile keeps it, with its län; null when the name is no known place. */
export function knownPlace(name: string): { municipality: string; region: string | null } | null {
  const municipality = municipalityByName(name);
  if (!municipality) return null;
  return { municipality: municipality.label, region: regionById(municipality.regionId)?.label ?? null };
}
