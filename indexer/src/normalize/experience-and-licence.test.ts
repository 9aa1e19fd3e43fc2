import { describe, expect, it } from 'vitest';
import { toSearchDocument } from './search-document.js';
import { loadAdFixture } from '../fixtures/index.js';
import { normalizeForTest } from './test-helpers.js';

describe('experience_required and driving_license_required', () => {
  it('are read from the feed as they are (fixtures with each combination)', () => {
    expect(normalizeForTest(loadAdFixture('ad2024Full'))).toMatchObject({
      experienceRequired: true,
      drivingLicenceRequired: false,
    });
    expect(normalizeForTest(loadAdFixture('ad2020Style'))).toMatchObject({
      experienceRequired: false,
      drivingLicenceRequired: true,
    });
  });

  it('are null when the ad does not say, or says something that is not a yes or a no', () => {
    const ad = loadAdFixture('ad2024Full');
    delete ad.experience_required;
    ad.driving_license_required = 'false';
    expect(normalizeForTest(ad)).toMatchObject({ experienceRequired: null, drivingLicenceRequired: null });
    ad.experience_required = null;
    expect(normalizeForTest(ad).experienceRequired).toBeNull();
  });

  it('reach the search document under the names the filters use', () => {
    const document = toSearchDocument(normalizeForTest(loadAdFixture('ad2020Style')));
    expect(document.experienceRequired).toBe(false);
    expect(document.drivingLicenceRequired).toBe(true);
  });
});
