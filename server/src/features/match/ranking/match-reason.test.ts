import { generateAd } from '@jobbportalen/feed-simulator';
import { classifyFeedRecord, toSearchDocument } from '@jobbportalen/indexer';
import { describe, expect, it } from 'vitest';
import { JUDGED_CVS } from '../fixtures/judged-cvs.js';
import { occupationDisplayName, skillDisplayName, skillKeys } from '../profile/concept-names.js';
import { extractProfile, type CandidateProfile } from '../profile/profile.js';
import { matchReason } from './match-reason.js';
import { CANDIDATE_FIELDS } from './match-queries.js';
import { rankCandidates, type Candidate } from './ranking.js';

// Issue #29: a reason never contradicts the ad. Over the judged CVs' ten best simulator ads, every
// occupation a reason names is the ad's, and every skill it names is one the ad asks for and
// (under 'Kompetenser'/'Meriterande') the profile holds, or (under 'Saknas') does not.

const NOW = new Date('2025-01-15T12:00:00Z');
const ADS = 3000;

const candidates: Candidate[] = [];
for (let index = 0; index < ADS; index++) {
  const record = classifyFeedRecord(generateAd(index, 1));
  if (record.kind !== 'ad') continue;
  const document = toSearchDocument(record.ad) as unknown as Record<string, unknown>;
  candidates.push(
    Object.fromEntries(
      CANDIDATE_FIELDS.map((field) => [field, document[field] ?? null]),
    ) as unknown as Candidate,
  );
}

const names = (list: string) =>
  list
    .replace(/ m\.fl\.$/, '')
    .split(', ')
    .filter(Boolean);

function holds(profile: CandidateProfile, label: string): boolean {
  const keys = new Set(profile.skills.flatMap((skill) => skill.keys));
  const inText = (key: string) =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
      'u',
    ).test(profile.text);
  return skillKeys(label).some((key) => keys.has(key) || (key.length >= 3 && inText(key)));
}

describe('match reasons of the judged CVs’ best ads', () => {
  it.each(JUDGED_CVS.map((cv) => [cv.id, cv] as const))('%s', (_id, cv) => {
    const profile = extractProfile(cv.cv, cv.letter, NOW);
    for (const { candidate, evidence } of rankCandidates(candidates, profile).slice(0, 10)) {
      const reason = matchReason(candidate, evidence);
      const asked = [...candidate.mustHaveSkills, ...candidate.niceToHaveSkills];
      const askedNamed = (name: string) => asked.filter((label) => skillDisplayName(label) === name);
      for (const part of reason.split(' · ')) {
        const [, kind, rest = ''] =
          /^(Yrke|Kompetenser|Meriterande|Saknas|Titeln nämner): ?(.*)$/.exec(part) ?? [];
        if (kind === 'Yrke') {
          const named = rest.replace(/ \(samma yrkesgrupp som .*\)$/, '');
          const adNames = [
            candidate.occupation && occupationDisplayName(candidate.occupation),
            candidate.occupationGroup,
          ];
          expect(adNames, `${reason} — ad: ${candidate.title}`).toContain(named);
        }
        if (kind === 'Kompetenser' || kind === 'Meriterande' || kind === 'Saknas') {
          for (const name of names(rest.replace(/ \(\d+ av \d+ krav\)$/, ''))) {
            const labels = askedNamed(name);
            expect(labels, `${name} in '${reason}' is not asked for`).not.toEqual([]);
            const held = labels.some((label) => holds(profile, label));
            expect(held, `${name} in '${reason}'`).toBe(kind !== 'Saknas');
          }
        }
      }
    }
  });
});
