import { describe, expect, it } from 'vitest';
import type { Candidate, Evidence, OccupationFit, PlaceFit } from '../features/match/ranking/ranking.js';
import { fitsProfile } from './profile-search-fit.js';

const candidate = (mustHaveSkills: string[]): Candidate => ({
  id: 'ad',
  title: 'Annons',
  occupation: null,
  occupationId: null,
  occupationGroup: null,
  occupationGroupId: null,
  municipality: 'Göteborg',
  region: 'Västra Götalands län',
  location: 'Göteborg',
  remote: false,
  publishedTs: 0,
  mustHaveSkills,
  niceToHaveSkills: [],
});
const evidence = (
  occupationFit: OccupationFit,
  mustCovered: string[],
  placeFit: PlaceFit = 'municipality',
): Evidence => ({
  occupationFit,
  occupation: null,
  mustCovered,
  mustMissing: [],
  niceCovered: [],
  placeFit,
});

describe('fitsProfile: which new ads a profile alert mails', () => {
  it('takes the profile’s occupation or its group, whatever the skills', () => {
    expect(fitsProfile(candidate(['Java', 'C#']), evidence('occupation', []))).toBe(true);
    expect(fitsProfile(candidate([]), evidence('group', []))).toBe(true);
  });

  it('takes an ad of another occupation when the profile covers at least half of what it requires', () => {
    expect(fitsProfile(candidate(['Java', 'SQL', 'C#', 'Scala']), evidence('none', ['Java', 'SQL']))).toBe(
      true,
    );
    expect(fitsProfile(candidate(['Java', 'SQL', 'C#']), evidence('none', ['Java']))).toBe(false);
  });

  it('leaves out a related group, a word in the title, and an ad that requires no skills', () => {
    expect(fitsProfile(candidate(['Java', 'SQL', 'C#']), evidence('related-group', ['Java']))).toBe(false);
    expect(fitsProfile(candidate([]), evidence('title', []))).toBe(false);
    expect(fitsProfile(candidate([]), evidence('none', []))).toBe(false);
  });

  it('leaves out an ad far from the person, and keeps one near, in their län, remote or anywhere for a profile without a place', () => {
    expect(fitsProfile(candidate(['Java']), evidence('occupation', ['Java'], 'none'))).toBe(false);
    for (const near of ['nearby', 'region', 'remote', 'other-municipality', 'unknown'] as const)
      expect(fitsProfile(candidate(['Java']), evidence('occupation', ['Java'], near))).toBe(true);
  });
});
