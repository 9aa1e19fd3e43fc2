import { describe, expect, it } from 'vitest';
import { REMOTE_LOCATION } from '@jobbportalen/contracts';
import { loadAdFixture } from '../fixtures/index.js';
import { normalizeForTest } from './test-helpers.js';

const onsite = loadAdFixture('ad2024Full');
const withChanges = (changes: Record<string, unknown>) => normalizeForTest({ ...onsite, ...changes });
const describedAs = (text: string) => ({ description: { text, text_formatted: null } });

describe('remote ads', () => {
  it('marks an ad remote from its headline, with location Distans and the municipality kept', () => {
    expect(normalizeForTest(loadAdFixture('adRemote'))).toMatchObject({
      remote: true,
      location: REMOTE_LOCATION,
      municipality: 'Umeå',
      municipalityCode: '2480',
      region: 'Västerbottens län',
    });
  });

  it.each([
    'Remote Java Developer',
    'Säljare – jobba hemifrån',
    'Distansarbetande supporttekniker',
    'Lärare på DISTANS',
  ])('reads the headline %j as remote', (headline) => {
    expect(withChanges({ headline }).remote).toBe(true);
  });

  it('marks an ad with no workplace remote when its text says the work is remote', () => {
    const job = withChanges({ workplace_address: null, ...describedAs('Tjänsten utförs helt på distans.') });
    expect(job).toMatchObject({ remote: true, location: REMOTE_LOCATION, municipality: null });
  });

  it('does not mark hybrid work remote: the text alone never decides for an ad with a workplace', () => {
    const job = withChanges(describedAs('Möjlighet till distansarbete två dagar i veckan.'));
    expect(job).toMatchObject({ remote: false, location: 'Göteborg' });
  });

  it('does not read remote into an ad with no workplace and no such words', () => {
    expect(withChanges({ workplace_address: null }).remote).toBe(false);
  });

  it('honours an explicit remote flag on the record', () => {
    expect(withChanges({ remote_work: true }).remote).toBe(true);
    expect(withChanges({ remote_work: 'ja' }).remote).toBe(false);
  });

  it('does not take a word that merely contains the letters', () => {
    expect(withChanges({ headline: 'Långdistansförare' }).remote).toBe(false);
  });
});
