import type { MultiSearchQuery } from 'meilisearch';
import { isStopWord, tokenize } from '@jobbportalen/lexicon/swedish';
import type { CandidateProfile } from '../profile/profile.js';

/** The fields ranking needs; the full job is fetched for the 20 that are answered. */
export const CANDIDATE_FIELDS = [
  'id',
  'title',
  'occupation',
  'occupationId',
  'occupationGroup',
  'occupationGroupId',
  'municipality',
  'region',
  'location',
  'remote',
  'publishedTs',
  'mustHaveSkills',
  'niceToHaveSkills',
];

/** Meilisearch reads only the first 10 words of a query; more would be silently dropped. */
export const MAX_QUERY_WORDS = 10;

export interface GroupInterest {
  groupId: string;
  weight: number;
}

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** At most `max` distinct non-stop words, in order. */
export function queryWords(phrases: string[], max = MAX_QUERY_WORDS): string {
  const words: string[] = [];
  for (const phrase of phrases) {
    for (const word of tokenize(phrase)) {
      if (word.length < 2 || isStopWord(word) || words.includes(word)) continue;
      words.push(word);
      if (words.length === max) return words.join(' ');
    }
  }
  return words.join(' ');
}

/** Occupation groups the profile points at, strongest first (weights summed over names). */
export function groupInterests(profile: CandidateProfile, max = 3): GroupInterest[] {
  const byGroup = new Map<string, number>();
  for (const occupation of profile.occupations)
    byGroup.set(occupation.groupId, (byGroup.get(occupation.groupId) ?? 0) + occupation.weight);
  const sorted = [...byGroup.entries()].sort((a, b) => b[1] - a[1]);
  const top = sorted[0]?.[1] ?? 0;
  return sorted
    .filter(([, weight]) => weight >= top * 0.25)
    .slice(0, max)
    .map(([groupId, weight]) => ({ groupId, weight }));
}

/** Frequent content words of the CV, for a CV in which no occupation or skill was recognised. */
function keywords(text: string): string {
  const counts = new Map<string, number>();
  for (const word of tokenize(text)) {
    if (word.length < 5 || isStopWord(word) || /\d/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_QUERY_WORDS)
    .map(([word]) => word)
    .join(' ');
}

/**
 * Targeted queries for one multi-search: per occupation group (by skill words, near the person,
 * in their län), per occupation title, and by skills alone. Never the CV as one query.
 */
export function buildQueries(profile: CandidateProfile, indexUid: string): MultiSearchQuery[] {
  const base = { indexUid, attributesToRetrieve: CANDIDATE_FIELDS, matchingStrategy: 'last' as const };
  const skillQuery = queryWords(profile.skills.map((skill) => skill.name));
  const home = profile.locations[0];
  const near = home ? `(municipality = ${quote(home.municipality)} OR remote = true)` : null;
  const region = home?.region ? `region = ${quote(home.region)}` : null;
  // Without words to rank by, the newest ads of the group come first.
  const newest = { sort: ['publishedTs:desc'] };
  const order = skillQuery ? {} : newest;
  const queries: MultiSearchQuery[] = [];

  groupInterests(profile).forEach(({ groupId }, rank) => {
    const share = rank === 0 ? 1 : 0.4;
    const group = `occupationGroupId = ${quote(groupId)}`;
    // Nationwide, the skill words pick the best of a large group.
    queries.push({ ...base, ...order, q: skillQuery, filter: group, limit: Math.round(40 * share) });
    // The words drop ads that share none of them; the group's newest ads come in regardless.
    if (skillQuery) queries.push({ ...base, ...newest, q: '', filter: group, limit: Math.round(20 * share) });
    // Near the person every ad of the group is a candidate, whatever words its text uses (a
    // query would drop ads that share none): ranking judges their skills from the ad's lists.
    if (near)
      queries.push({
        ...base,
        ...newest,
        q: '',
        filter: `${group} AND ${near}`,
        limit: Math.round(60 * share),
      });
    if (region)
      queries.push({
        ...base,
        ...newest,
        q: '',
        filter: `${group} AND ${region}`,
        limit: Math.round(30 * share),
      });
  });

  for (const occupation of profile.occupations.slice(0, 2)) {
    const q = queryWords([occupation.name]);
    queries.push({ ...base, q, limit: 15 });
    if (near) queries.push({ ...base, q, filter: near, limit: 15 });
  }

  if (skillQuery) queries.push({ ...base, q: skillQuery, limit: 25, ...(near ? { filter: near } : {}) });
  if (queries.length === 0) {
    const q = keywords(profile.text);
    if (q) queries.push({ ...base, q, limit: 50, ...(near ? { filter: near } : {}) });
  }
  return queries;
}
