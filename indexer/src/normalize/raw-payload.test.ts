import { describe, expect, it } from 'vitest';
import { AD_FIXTURES, loadAdFixture } from '../fixtures/index.js';
import { normalizeForTest } from './test-helpers.js';

describe('raw payload', () => {
  it('carries no contact details of the 2024 ad anywhere', () => {
    const { raw } = normalizeForTest(loadAdFixture('ad2024Full'));
    const stored = JSON.stringify(raw);
    for (const personal of [
      'lisa.berg',
      '@',
      '070',
      '174 06',
      '390 06',
      '+46',
      'Rekryterande chef',
      '5569000001',
      'Lindholmsallén',
    ]) {
      expect(stored).not.toContain(personal);
    }
    expect(raw).not.toHaveProperty('application_contacts');
    expect(raw.employer).toEqual({
      name: 'Nordkod AB',
      workplace: 'Nordkod Göteborg',
      url: 'https://www.nordkod.example/',
    });
    expect(raw.application_details).toEqual({
      url: 'https://jobb.nordkod.example/annonser/17',
      via_af: false,
    });
    expect(raw.workplace_address).not.toHaveProperty('street_address');
    expect(raw.workplace_address).not.toHaveProperty('postcode');
  });

  it('keeps what normalising needs and drops fields it does not know', () => {
    const base = loadAdFixture('ad2020Style');
    const ad = {
      ...base,
      application_contact: [{ name: 'Testa Testsson', telephone: '070-174 06 99' }],
      keywords: { extracted: { employer: ['omsorgshuset'] } },
      unknown_future_field: 'Anna Andersson, 070-174 06 98',
    };
    const { raw } = normalizeForTest(ad);
    expect(raw).not.toHaveProperty('application_contact');
    expect(raw).not.toHaveProperty('keywords');
    expect(raw).not.toHaveProperty('unknown_future_field');
    expect(raw).toMatchObject({ id: '23990001', headline: base.headline, occupation: base.occupation });
  });

  it('removes contact details from the free-text description parts', () => {
    const { raw } = normalizeForTest(loadAdFixture('ad2024Full'));
    expect(raw.description).toMatchObject({
      conditions: 'Heltid\r\nTillsvidare, tillträde enligt överenskommelse. Lönefrågor',
    });
  });

  it.each(AD_FIXTURES)('gives the same job when the stored payload of %s is normalised again', (name) => {
    const first = normalizeForTest(loadAdFixture(name));
    expect(normalizeForTest(first.raw)).toEqual(first);
  });
});
