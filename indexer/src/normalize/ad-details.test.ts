import { describe, expect, it } from 'vitest';
import { loadAdFixture } from '../fixtures/index.js';
import { toSearchDocument } from './search-document.js';
import { normalizeForTest } from './test-helpers.js';

describe('the ad page facts from the feed', () => {
  it('reads salary type, duration, scope of work, languages and licences (fixtures of 2024 and 2020)', () => {
    expect(normalizeForTest(loadAdFixture('ad2024Full'))).toMatchObject({
      salaryType: 'Fast månads- vecko- eller timlön',
      duration: 'Tills vidare',
      scopeOfWorkMin: 100,
      scopeOfWorkMax: 100,
      mustHaveLanguages: ['Svenska'],
      drivingLicences: [],
      rollingSelection: false,
    });
    expect(normalizeForTest(loadAdFixture('ad2020Style'))).toMatchObject({
      duration: 'Tillsvidare',
      scopeOfWorkMin: 75,
      scopeOfWorkMax: 75,
      drivingLicences: ['B'],
      rollingSelection: true,
    });
    expect(normalizeForTest(loadAdFixture('adRemote'))).toMatchObject({
      scopeOfWorkMin: 50,
      scopeOfWorkMax: 80,
      mustHaveLanguages: ['Svenska', 'Norska'],
    });
  });

  it('is null or empty when the feed does not say, or says nothing usable', () => {
    expect(normalizeForTest(loadAdFixture('adOddFields'))).toMatchObject({
      salaryType: null,
      duration: null,
      mustHaveLanguages: [],
      drivingLicences: [],
    });
    const ad = loadAdFixture('ad2024Full');
    ad.salary_type = { concept_id: null, label: '[]' };
    ad.scope_of_work = { min: -5, max: 250 };
    ad.must_have = { languages: [{ label: 'Svenska' }, { label: 'SVENSKA' }, { label: 'Engelska' }] };
    ad.driving_license = [{ label: 'C' }, 'CE', null];
    expect(normalizeForTest(ad)).toMatchObject({
      salaryType: null,
      scopeOfWorkMin: null,
      scopeOfWorkMax: null,
      mustHaveLanguages: ['Svenska', 'Engelska'],
      drivingLicences: ['C', 'CE'],
    });
  });

  it("marks 'Urval sker löpande' from the headline or the description, ignoring case", () => {
    const ad = loadAdFixture('ad2024Full');
    ad.headline = 'Backendutvecklare – URVAL SKER LÖPANDE';
    expect(normalizeForTest(ad).rollingSelection).toBe(true);
  });

  it('reach the search document (cards show the rolling selection)', () => {
    const document = toSearchDocument(normalizeForTest(loadAdFixture('ad2020Style')));
    expect(document).toMatchObject({ rollingSelection: true, drivingLicences: ['B'], scopeOfWorkMin: 75 });
  });
});
