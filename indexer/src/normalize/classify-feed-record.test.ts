import { describe, expect, it } from 'vitest';
import { municipalityByCode } from '@jobbportalen/lexicon/taxonomy';
import { loadAdFixture, loadFeedFixture } from '../fixtures/index.js';
import { classifyFeedRecord } from './classify-feed-record.js';
import { MAX_VACANCIES } from './normalize-ad.js';
import { normalizeForTest } from './test-helpers.js';

describe('classifyFeedRecord: ads', () => {
  it('normalises a full 2024 ad', () => {
    const job = normalizeForTest(loadAdFixture('ad2024Full'));
    expect(job).toMatchObject({
      id: '29100001',
      title: 'Backendutvecklare Java till produktteam i Göteborg',
      company: 'Nordkod AB',
      location: 'Göteborg',
      municipality: 'Göteborg',
      municipalityCode: '1480',
      region: 'Västra Götalands län',
      category: 'Data/IT',
      mainCategory: 'IT',
      occupation: 'Backend-utvecklare',
      occupationId: '7wdX_4rv_33z',
      occupationGroup: 'Mjukvaru- och systemutvecklare m.fl.',
      occupationGroupId: 'DJh5_yyF_hEM',
      occupationField: 'Data/IT',
      occupationFieldId: 'apaJ_2ja_LuF',
      extent: 'Heltid',
      form: 'Vanlig anställning',
      applicationUrl: 'https://jobb.nordkod.example/annonser/17',
      vacancies: 2,
      remote: false,
      // coordinates in the feed are [lon, lat]
      lat: 57.70716,
      lng: 11.93815,
      mustHaveSkills: ['Java, programmeringsspråk', 'SQL, frågespråk'],
      niceToHaveSkills: ['Docker, container-plattform'],
    });
    // Published in summer time, deadline after the October change to winter time.
    expect(job.publishedAt?.toISOString()).toBe('2024-10-20T07:15:00.000Z');
    expect(job.lastDate?.toISOString()).toBe('2024-11-10T22:59:59.000Z');
    expect(job.expiresAt?.toISOString()).toBe('2024-11-10T22:59:59.000Z');
    expect(job.sourceUpdatedAt?.toISOString()).toBe('2024-10-20T07:16:40.000Z');
    expect(job.descriptionHtml).toContain('<ul><li>flera års erfarenhet av Java och Spring</li>');
    expect(job.descriptionText).toContain('• god förståelse för SQL och databasdesign');
  });

  it('normalises a 2020 stream-era ad', () => {
    const job = normalizeForTest(loadAdFixture('ad2020Style'));
    expect(job).toMatchObject({
      id: '23990001',
      location: 'Huddinge',
      municipalityCode: '0126',
      region: 'Stockholms län',
      mainCategory: 'Vård',
      extent: 'Deltid',
      // the feed wrote it without a scheme
      applicationUrl: 'https://www.omsorgshuset.example/lediga-jobb',
      vacancies: 3,
      mustHaveSkills: [],
      niceToHaveSkills: ['Demensvård'],
    });
    expect(job.publishedAt?.toISOString()).toBe('2020-03-02T09:05:00.000Z');
    expect(job.lastDate?.toISOString()).toBe('2020-04-15T21:59:59.000Z');
  });

  it('copes with a numeric id, null employer, no headline and no occupation group', () => {
    const job = normalizeForTest(loadAdFixture('adOddFields'));
    const goteborg = municipalityByCode('1480');
    expect(job).toMatchObject({
      id: '24999001',
      title: 'Kundtjänstmedarbetare',
      company: null,
      occupationGroup: 'Kundtjänstpersonal',
      occupationGroupId: 'pwRH_MT1_8nR',
      occupationField: 'Administration, ekonomi, juridik',
      occupationFieldId: 'X82t_awd_Qyc',
      category: 'Administration, ekonomi, juridik',
      mainCategory: 'Kundservice',
      location: 'Göteborg',
      municipality: 'Göteborg',
      municipalityCode: '1480',
      region: 'Västra Götalands län',
      extent: 'Heltid',
      form: 'Behovsanställning',
      vacancies: MAX_VACANCIES,
      applicationUrl: 'https://arbetsformedlingen.se/platsbanken/annonser/24999001',
      sourceUpdatedAt: null,
      mustHaveSkills: ['Kundtjänst'],
      niceToHaveSkills: [],
    });
    // [0, 0] is no position: the municipality's coordinates stand in.
    expect(job.lat).toBe(goteborg?.lat);
    expect(job.lng).toBe(goteborg?.lng);
    // A bare deadline date lasts the whole day.
    expect(job.lastDate?.toISOString()).toBe('2024-06-30T21:59:59.000Z');
    expect(job.descriptionText).not.toContain('@');
  });

  it('tidies place names written in capitals and rejects a javascript: application link', () => {
    const job = normalizeForTest(loadAdFixture('adHostileHtml'));
    expect(job).toMatchObject({
      location: 'Malmö',
      municipality: 'Malmö',
      municipalityCode: '1280',
      region: 'Skåne län',
      mainCategory: 'Sälj',
      applicationUrl: 'https://arbetsformedlingen.se/platsbanken/annonser/29100011',
    });
  });
});

describe('classifyFeedRecord: odd values', () => {
  const withChanges = (changes: Record<string, unknown>) => ({ ...loadAdFixture('ad2024Full'), ...changes });

  it.each([
    [0, 1],
    [-3, 1],
    ['4', 4],
    [2.7, 2],
    [null, 1],
    ['många', 1],
    [1e9, MAX_VACANCIES],
  ])('reads number_of_vacancies %j as %i', (value, expected) => {
    expect(normalizeForTest(withChanges({ number_of_vacancies: value })).vacancies).toBe(expected);
  });

  it('uses the headline trimmed, else the occupation, else an empty title', () => {
    expect(normalizeForTest(withChanges({ headline: '  Lagerarbetare \n natt ' })).title).toBe(
      'Lagerarbetare natt',
    );
    expect(normalizeForTest(withChanges({ headline: '' })).title).toBe('Backend-utvecklare');
    expect(normalizeForTest(withChanges({ headline: null, occupation: null })).title).toBe('');
  });

  it('treats the label "[]" as no label', () => {
    const job = normalizeForTest(withChanges({ employment_type: { concept_id: null, label: '[]' } }));
    expect(job.form).toBeNull();
  });

  it('keeps an extent other than Heltid/Deltid and reads hours when the type is missing', () => {
    const both = { concept_id: 'hGCt_6Ni_XPz', label: 'Heltid/Deltid' };
    expect(normalizeForTest(withChanges({ working_hours_type: both })).extent).toBe('Heltid/Deltid');
    expect(normalizeForTest(withChanges({ working_hours_type: { label: 'DELTID' } })).extent).toBe('Deltid');
    const partTime = { working_hours_type: null, scope_of_work: { min: 50, max: 75 } };
    expect(normalizeForTest(withChanges(partTime)).extent).toBe('Deltid');
    const unknown = { working_hours_type: null, scope_of_work: { min: null, max: null } };
    expect(normalizeForTest(withChanges(unknown)).extent).toBeNull();
  });

  it('keeps only http(s) application links, falling back to the ad page', () => {
    const details = (url: unknown) => ({ application_details: { url } });
    expect(normalizeForTest(withChanges(details('mailto:jobb@firma.se'))).applicationUrl).toBe(
      'https://arbetsformedlingen.se/platsbanken/annonser/29100001',
    );
    expect(
      normalizeForTest(withChanges({ ...details('ftp://firma.se'), webpage_url: 'inte en länk' }))
        .applicationUrl,
    ).toBeNull();
    expect(normalizeForTest(withChanges(details('http://firma.se/jobb'))).applicationUrl).toBe(
      'http://firma.se/jobb',
    );
  });

  it('finds the group from an SSYK code alone and keeps ids our taxonomy does not know', () => {
    const bySsyk = normalizeForTest(
      withChanges({
        occupation_group: { label: 'Kundtjänstpersonal', legacy_ams_taxonomy_id: '4222' },
        occupation_field: null,
      }),
    );
    expect(bySsyk).toMatchObject({ occupationGroupId: 'pwRH_MT1_8nR', mainCategory: 'Kundservice' });
    expect(bySsyk.occupationFieldId).toBe('X82t_awd_Qyc');

    const unknown = normalizeForTest(
      withChanges({
        occupation: { concept_id: 'New1_occ_000', label: 'Framtidsyrke' },
        occupation_group: { concept_id: 'New1_grp_000', label: 'Nya gruppen' },
        occupation_field: { concept_id: 'New1_fld_000', label: 'Nytt område' },
      }),
    );
    expect(unknown).toMatchObject({
      occupation: 'Framtidsyrke',
      occupationId: 'New1_occ_000',
      occupationGroup: 'Nya gruppen',
      occupationGroupId: 'New1_grp_000',
      category: 'Nytt område',
      occupationFieldId: 'New1_fld_000',
      mainCategory: null,
    });
  });

  it('places an ad by tätort, by region alone, or abroad by city', () => {
    const address = (workplace_address: unknown) => normalizeForTest(withChanges({ workplace_address }));
    expect(address({ city: 'Mölnlycke', coordinates: [null, null] })).toMatchObject({
      location: 'Härryda',
      municipality: 'Härryda',
      municipalityCode: '1401',
      region: 'Västra Götalands län',
    });
    expect(address({ region: 'Skåne län' })).toMatchObject({
      location: 'Skåne län',
      municipality: null,
      lat: null,
    });
    expect(address({ country: 'Norge', country_code: '155', city: 'Oslo' })).toMatchObject({
      location: 'Oslo',
      municipality: null,
      region: null,
    });
    expect(address({ municipality: 'LILLA BYN', coordinates: [200, 95] })).toMatchObject({
      location: 'Lilla Byn',
      lat: null,
      lng: null,
    });
    expect(address(null)).toMatchObject({ location: null, municipality: null, region: null, lat: null });
  });
});

describe('classifyFeedRecord: removals', () => {
  it('reads removal events with numeric and string ids', () => {
    const results = (loadFeedFixture('removalEvents') as unknown[]).map(classifyFeedRecord);
    expect(results).toEqual([
      { kind: 'removal', id: '23990002', removedAt: new Date('2020-03-02T02:11:33.000Z') },
      { kind: 'removal', id: '29100002', removedAt: new Date('2024-10-27T00:30:00.000Z') },
      { kind: 'removal', id: '29100003', removedAt: null },
    ]);
  });

  it('treats a whole ad marked removed as a removal', () => {
    const ad = { ...loadAdFixture('ad2024Full'), removed: true, removed_date: '2024-11-01T08:00:00' };
    expect(classifyFeedRecord(ad)).toEqual({
      kind: 'removal',
      id: '29100001',
      removedAt: new Date('2024-11-01T07:00:00.000Z'),
    });
  });
});

describe('classifyFeedRecord: invalid records', () => {
  it('refuses every invalid fixture record and says why', () => {
    const results = (loadFeedFixture('invalidRecords') as unknown[]).map(classifyFeedRecord);
    for (const result of results) {
      expect(result.kind).toBe('invalid');
      if (result.kind === 'invalid') expect(result.reason).not.toBe('');
    }
    expect(results[0]).toEqual({ kind: 'invalid', id: null, reason: 'record is null, not an object' });
    expect(results).toContainEqual({
      kind: 'invalid',
      id: '29100 006',
      reason: 'id has characters an ad id never has',
    });
    expect(results).toContainEqual({ kind: 'invalid', id: '29100008', reason: 'record has no ad content' });
  });

  it('never throws, whatever type a field has', () => {
    const strange: unknown[] = [
      null,
      0,
      -1,
      1e308,
      Number.NaN,
      '',
      '[]',
      'x'.repeat(5000),
      true,
      [],
      [null],
      {},
      { label: 5 },
    ];
    const ad = loadAdFixture('ad2024Full');
    const description = ad.description as Record<string, unknown>;
    const address = ad.workplace_address as Record<string, unknown>;
    for (const value of strange) {
      const variants = [
        ...Object.keys(ad)
          .filter((key) => key !== 'id')
          .map((key) => ({ ...ad, [key]: value })),
        ...Object.keys(description).map((key) => ({ ...ad, description: { ...description, [key]: value } })),
        ...Object.keys(address).map((key) => ({ ...ad, workplace_address: { ...address, [key]: value } })),
      ];
      for (const variant of variants) {
        const result = classifyFeedRecord(variant);
        expect(result.kind).not.toBe('invalid');
        if (result.kind !== 'ad') continue;
        expect(typeof result.ad.title).toBe('string');
        expect(Number.isInteger(result.ad.vacancies) && result.ad.vacancies >= 1).toBe(true);
        expect(typeof result.ad.descriptionHtml).toBe('string');
      }
    }
  });
});
