import { Value } from 'typebox/value';
import { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import { describe, expect, it } from 'vitest';
import { JUDGED_CVS } from '../fixtures/judged-cvs.js';
import { rankCandidates, type Candidate } from '../ranking/ranking.js';
import { extractProfile } from './profile.js';
import { fromSavedProfile, toSavedProfile } from './saved-profile.js';

const NOW = new Date('2025-01-15T12:00:00Z');

describe('a kept profile', () => {
  it.each(JUDGED_CVS.map((cv) => [cv.id, cv] as const))(
    '%s survives keeping: the same reading, valid to the contract',
    (_id, cv) => {
      const saved = toSavedProfile(extractProfile(cv.cv, cv.letter, NOW));
      expect(Value.Check(SavedProfile, saved)).toBe(true);
      expect(toSavedProfile(fromSavedProfile(saved))).toEqual(saved);
    },
  );

  it('keeps no CV text: only the names people read', () => {
    const cv = JUDGED_CVS[0]!;
    const saved = toSavedProfile(extractProfile(cv.cv, cv.letter, NOW));
    const kept = JSON.stringify(saved);
    // A sentence of the CV is not in what is kept.
    const sentence = cv.cv.split('\n').find((line) => line.trim().split(/\s+/).length >= 8)!;
    expect(kept).not.toContain(sentence.trim());
  });

  it('matches an ad by a technology kept under its own name (React.js in the ad, React kept)', () => {
    const profile = fromSavedProfile({
      occupations: [{ id: 'rQds_YGd_quU', name: 'Systemutvecklare', years: 5 }],
      skills: [
        { id: 'tech:react', name: 'React' },
        { id: 'not-a-concept', name: 'Lödning' },
      ],
      languages: ['Svenska'],
      drivingLicences: ['B'],
      locations: [{ municipality: 'Göteborg', region: 'Västra Götalands län' }],
      yearsOfExperience: 5,
    });
    const ad: Candidate = {
      id: '1',
      title: 'Frontendutvecklare',
      occupation: null,
      occupationId: null,
      occupationGroup: null,
      occupationGroupId: null,
      municipality: 'Göteborg',
      region: 'Västra Götalands län',
      location: 'Göteborg',
      remote: false,
      publishedTs: null,
      mustHaveSkills: ['React.js', 'Lödning', 'Cobol'],
      niceToHaveSkills: [],
    };
    const [ranked] = rankCandidates([ad], profile);
    expect(ranked!.evidence.mustCovered).toEqual(['React.js', 'Lödning']);
    expect(ranked!.evidence.mustMissing).toEqual(['Cobol']);
    expect(ranked!.evidence.placeFit).toBe('municipality');
  });
});
