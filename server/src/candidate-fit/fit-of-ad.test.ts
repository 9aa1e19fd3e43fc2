import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import { describe, expect, it } from 'vitest';
import { fromSavedProfile } from '../features/match/profile/saved-profile.js';
import { licenceCovering } from './driving-licences.js';
import { fitOfAd, type AdRequirements } from './fit-of-ad.js';

// Taxonomy ids: Mjukvaruutvecklare and Backend-utvecklare share an occupation group; Bussförare
// is another group.
const SOFTWARE_DEVELOPER = 'rQds_YGd_quU';
const BACKEND_DEVELOPER = '7wdX_4rv_33z';
const DEVELOPER_GROUP = 'DJh5_yyF_hEM';
const BUS_DRIVER = '6zL8_YYP_1eR';
const BUS_DRIVER_GROUP = 'FiDm_2S8_gx7';

const EMPTY: SavedProfile = {
  occupations: [],
  skills: [],
  languages: [],
  drivingLicences: [],
  locations: [],
  yearsOfExperience: null,
};

const profileOf = (kept: Partial<SavedProfile>) => fromSavedProfile({ ...EMPTY, ...kept });

const developer = profileOf({
  occupations: [{ id: SOFTWARE_DEVELOPER, name: 'Systemutvecklare', years: 5 }],
  skills: [
    { id: 'jCsR_WQX_CKD', name: 'Java' },
    { id: 'Xnmr_kYS_YKY', name: 'SQL' },
  ],
  languages: ['Svenska', 'engelska'],
  drivingLicences: ['CE'],
  yearsOfExperience: 7,
});

const ad = (facts: Partial<AdRequirements>): AdRequirements => ({
  id: 'ad-1',
  title: 'Utvecklare',
  occupationId: null,
  occupationGroupId: null,
  experienceRequired: null,
  drivingLicenceRequired: null,
  drivingLicences: [],
  mustHaveLanguages: [],
  mustHaveSkills: [],
  niceToHaveSkills: [],
  ...facts,
});

describe('fitOfAd', () => {
  it('lists the must-haves first (experience, licences, languages, skills), then the merits', () => {
    const fit = fitOfAd(
      developer,
      ad({
        occupationId: BACKEND_DEVELOPER,
        occupationGroupId: DEVELOPER_GROUP,
        experienceRequired: true,
        drivingLicenceRequired: true,
        drivingLicences: ['B'],
        mustHaveLanguages: ['Engelska', 'Tyska'],
        mustHaveSkills: ['Java, programmeringsspråk', 'Kubernetes, containerplattform'],
        niceToHaveSkills: ['SQL, frågespråk', 'Cobol, programmeringsspråk'],
      }),
    );
    expect(fit.requirements).toEqual([
      {
        kind: 'experience',
        label: 'Erfarenhet',
        required: true,
        met: true,
        evidence: 'Systemutvecklare, 5 år',
      },
      { kind: 'licence', label: 'Körkort B', required: true, met: true, evidence: 'CE' },
      { kind: 'language', label: 'Engelska', required: true, met: true, evidence: 'engelska' },
      { kind: 'language', label: 'Tyska', required: true, met: false, evidence: null },
      { kind: 'skill', label: 'Java', required: true, met: true, evidence: 'Java' },
      { kind: 'skill', label: 'Kubernetes', required: true, met: false, evidence: null },
      { kind: 'skill', label: 'SQL', required: false, met: true, evidence: 'SQL' },
      { kind: 'skill', label: 'Cobol', required: false, met: false, evidence: null },
    ]);
    expect({ met: fit.met, required: fit.required, jobId: fit.jobId }).toEqual({
      met: 4,
      required: 6,
      jobId: 'ad-1',
    });
  });

  it('shows a required licence the profile lacks as missing: 2 of 3', () => {
    const carDriver = profileOf({ skills: [{ id: 'jCsR_WQX_CKD', name: 'Java' }], languages: ['Svenska'] });
    const fit = fitOfAd(
      carDriver,
      ad({
        drivingLicenceRequired: true,
        drivingLicences: ['B'],
        mustHaveLanguages: ['Svenska'],
        mustHaveSkills: ['Java, programmeringsspråk'],
      }),
    );
    expect(fit.requirements[0]).toEqual({
      kind: 'licence',
      label: 'Körkort B',
      required: true,
      met: false,
      evidence: null,
    });
    expect([fit.met, fit.required]).toEqual([2, 3]);
  });

  it("asks for 'Körkort' when a licence is required without a class; any class meets it", () => {
    const asked = ad({ drivingLicenceRequired: true });
    expect(fitOfAd(developer, asked).requirements).toEqual([
      { kind: 'licence', label: 'Körkort', required: true, met: true, evidence: 'CE' },
    ]);
    expect(fitOfAd(profileOf({}), asked).requirements[0]).toMatchObject({ met: false, evidence: null });
  });

  it('counts licence classes named but not required as merits, never as must-haves', () => {
    const fit = fitOfAd(profileOf({ drivingLicences: ['B'] }), ad({ drivingLicences: ['B', 'C'] }));
    expect(fit.requirements).toEqual([
      { kind: 'licence', label: 'Körkort B', required: false, met: true, evidence: 'B' },
      { kind: 'licence', label: 'Körkort C', required: false, met: false, evidence: null },
    ]);
    expect([fit.met, fit.required]).toEqual([0, 0]);
  });

  it('meets experience by years under the same occupation group, else by years of work (saying which)', () => {
    const busAd = ad({
      experienceRequired: true,
      occupationId: BUS_DRIVER,
      occupationGroupId: BUS_DRIVER_GROUP,
    });
    expect(fitOfAd(developer, busAd).requirements[0]!.evidence).toBe('Arbetslivserfarenhet, 7 år');
    const busDriver = profileOf({
      occupations: [{ id: BUS_DRIVER, name: 'Bussförare', years: 3 }],
      yearsOfExperience: 10,
    });
    expect(fitOfAd(busDriver, busAd).requirements[0]!.evidence).toBe('Bussförare, 3 år');
    // Without years anywhere, experience is missing, even under the right occupation.
    const newcomer = profileOf({ occupations: [{ id: BUS_DRIVER, name: 'Bussförare', years: null }] });
    expect(fitOfAd(newcomer, busAd).requirements[0]).toMatchObject({ met: false, evidence: null });
  });

  it('asks nothing of an ad that states no requirements', () => {
    expect(fitOfAd(developer, ad({ experienceRequired: false, drivingLicenceRequired: false }))).toEqual({
      jobId: 'ad-1',
      met: 0,
      required: 0,
      requirements: [],
    });
  });

  it('lists a skill the ad repeats once, and a must-have skill not again among the merits', () => {
    const fit = fitOfAd(
      developer,
      ad({
        mustHaveSkills: ['Java, programmeringsspråk', 'Java, programmeringsspråk'],
        niceToHaveSkills: ['Java, programmeringsspråk'],
      }),
    );
    expect(fit.requirements.map((item) => item.label)).toEqual(['Java']);
  });
});

describe('licenceCovering (Transportstyrelsen: what each class includes)', () => {
  it.each([
    [['CE'], 'B', 'CE'],
    [['CE'], 'C', 'CE'],
    [['CE'], 'BE', 'CE'],
    [['CE'], 'C1E', 'CE'],
    [['D'], 'B', 'D'],
    [['D'], 'D1', 'D'],
    [['BE'], 'B', 'BE'],
    [['BE'], 'Utökad B', 'BE'],
    [['A'], 'A1', 'A'],
    [['B'], 'AM', 'B'],
    [['B', 'CE'], 'B', 'B'],
  ])('%j meets %s (by %s)', (held, asked, by) => {
    expect(licenceCovering(held, asked)).toBe(by);
  });

  it.each([
    [['B'], 'C'],
    [['B'], 'BE'],
    [['C'], 'CE'],
    [['D'], 'C'],
    [['A'], 'B'],
    [['BE'], 'C1'],
    [[], 'B'],
  ])('%j does not meet %s', (held, asked) => {
    expect(licenceCovering(held, asked)).toBeNull();
  });
});
