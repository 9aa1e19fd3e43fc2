import { readFileSync } from 'node:fs';
import { MAIN_CATEGORIES } from '@jobbportalen/contracts';
import { saysRollingSelection } from '@jobbportalen/lexicon/rolling-selection';
import { mainCategoryFor } from '@jobbportalen/lexicon/taxonomy';
import { describe, expect, it } from 'vitest';
import { adIdFor, adIndexFor, generateAd } from './ad-generator.js';
import { adTimesFor, DEFAULT_REFERENCE_TIME } from './ad-times.js';
import type { JobStreamAd } from './jobstream-shape.js';
import { simulatorData } from './simulator-data.js';
import { parseStockholm } from './stockholm-clock.js';

// Key layout of a real 2024 JobStream ad (our own transcription of the shape, no ad content).
const CONCEPT = ['concept_id', 'label', 'legacy_ams_taxonomy_id'];
const WEIGHTED = ['weight', ...CONCEPT];
const REQUIREMENTS = {
  skills: WEIGHTED,
  languages: WEIGHTED,
  work_experiences: WEIGHTED,
  education: WEIGHTED,
  education_level: WEIGHTED,
};
const EXPECTED_SHAPE: Record<string, unknown> = {
  id: null,
  external_id: null,
  original_id: null,
  label: null,
  webpage_url: null,
  logo_url: null,
  headline: null,
  application_deadline: null,
  number_of_vacancies: null,
  description: ['text', 'text_formatted', 'company_information', 'needs', 'requirements', 'conditions'],
  employment_type: CONCEPT,
  salary_type: CONCEPT,
  salary_description: null,
  duration: CONCEPT,
  working_hours_type: CONCEPT,
  scope_of_work: ['min', 'max'],
  access: null,
  employer: ['phone_number', 'email', 'url', 'organization_number', 'name', 'workplace'],
  application_details: ['information', 'reference', 'email', 'via_af', 'url', 'other'],
  experience_required: null,
  access_to_own_car: null,
  driving_license_required: null,
  driving_license: ['concept_id', 'label'],
  occupation: CONCEPT,
  occupation_group: CONCEPT,
  occupation_field: CONCEPT,
  workplace_address: [
    'municipality',
    'municipality_code',
    'municipality_concept_id',
    'region',
    'region_code',
    'region_concept_id',
    'country',
    'country_code',
    'country_concept_id',
    'street_address',
    'postcode',
    'city',
    'coordinates',
  ],
  must_have: REQUIREMENTS,
  nice_to_have: REQUIREMENTS,
  application_contacts: ['name', 'description', 'email', 'telephone', 'contact_type'],
  publication_date: null,
  last_publication_date: null,
  removed: null,
  removed_date: null,
  source_type: null,
  timestamp: null,
};

// The phrases JobTech's search uses to find remote work (JobtechSwe/sokannonser-api settings).
const REMOTE_PHRASES = [
  'arbeta på distans',
  'arbete på distans',
  'jobba på distans',
  'arbeta hemifrån',
  'arbetar hemifrån',
  'jobba hemifrån',
  'jobb hemifrån',
  'remote work',
];
const isRemote = (ad: JobStreamAd) =>
  REMOTE_PHRASES.some((phrase) => ad.description.text.toLowerCase().includes(phrase));
const NAIVE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const SAMPLE_SIZE = 3000;
const sample = Array.from({ length: SAMPLE_SIZE }, (_, index) => generateAd(index, 7));
const share = (predicate: (ad: JobStreamAd) => boolean) => sample.filter(predicate).length / SAMPLE_SIZE;

describe('generateAd determinism', () => {
  it('gives the same ad for the same index and seed, byte for byte', () => {
    for (const index of [0, 1, 999, 123_456]) {
      expect(JSON.stringify(generateAd(index, 3))).toBe(JSON.stringify(generateAd(index, 3)));
    }
  });

  it('gives other content for another seed, keeping the id', () => {
    const a = generateAd(5, 1);
    const b = generateAd(5, 2);
    expect(a.id).toBe(b.id);
    expect(a.description.text).not.toBe(b.description.text);
  });

  it('maps indexes to digit-string ids and back', () => {
    expect(adIdFor(0)).toMatch(/^\d+$/);
    expect(adIndexFor(adIdFor(41))).toBe(41);
    expect(adIndexFor(Number(adIdFor(41)))).toBe(41);
    expect(adIndexFor('abc')).toBeNull();
    expect(new Set(sample.map((ad) => ad.id)).size).toBe(SAMPLE_SIZE);
  });
});

describe('generateAd shape', () => {
  it('has exactly the top-level keys of a real 2024 ad, in the same order', () => {
    for (const ad of sample.slice(0, 50)) expect(Object.keys(ad)).toEqual(Object.keys(EXPECTED_SHAPE));
  });

  it('has the real nested keys in every object and list item', () => {
    for (const ad of sample.slice(0, 300)) {
      for (const [key, nested] of Object.entries(EXPECTED_SHAPE)) {
        const value = (ad as unknown as Record<string, unknown>)[key];
        if (nested === null || value === null) continue;
        if (key === 'must_have' || key === 'nice_to_have') {
          expect(Object.keys(value as object)).toEqual(Object.keys(REQUIREMENTS));
          for (const [list, itemKeys] of Object.entries(REQUIREMENTS)) {
            for (const item of (value as Record<string, object[]>)[list]!)
              expect(Object.keys(item)).toEqual(itemKeys);
          }
        } else if (Array.isArray(value)) {
          for (const item of value) expect(Object.keys(item as object)).toEqual(nested);
        } else expect(Object.keys(value as object)).toEqual(nested);
      }
    }
  });

  it('uses the feed types: digit-string id, naive Stockholm dates, epoch-ms timestamp, [lon, lat] in Sweden', () => {
    for (const ad of sample.slice(0, 500)) {
      expect(ad.id).toMatch(/^\d+$/);
      expect(ad.publication_date).toMatch(NAIVE_TIME);
      expect(ad.application_deadline).toMatch(/T23:59:59$/);
      expect(ad.last_publication_date).toBe(ad.application_deadline);
      expect(Number.isInteger(ad.timestamp)).toBe(true);
      const [lon, lat] = ad.workplace_address.coordinates;
      expect(lon > 10 && lon < 25 && lat > 55 && lat < 69.5).toBe(true);
      expect(ad.employer.organization_number).toMatch(/^\d{10}$/);
    }
  });

  it('writes HTML with paragraphs, lists, bold and line breaks', () => {
    const html = sample[0]!.description.text_formatted;
    for (const tag of ['<p>', '<ul><li>', '<strong>', '<br>']) expect(html).toContain(tag);
    expect(sample[0]!.description.text).not.toContain('<');
  });
});

describe('generateAd realism', () => {
  it('gives every main category a good share of the ads', () => {
    const counts = new Map<string, number>();
    for (const ad of sample) {
      const category = mainCategoryFor({ groupId: ad.occupation_group.concept_id });
      if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
    }
    for (const category of MAIN_CATEGORIES)
      expect(counts.get(category) ?? 0).toBeGreaterThan(SAMPLE_SIZE * 0.04);
    expect(counts.get('IT')!).toBeGreaterThan(SAMPLE_SIZE * 0.12);
  });

  it('places most ads in the big cities, Stockholm first', () => {
    const byMunicipality = new Map<string, number>();
    for (const ad of sample) {
      const name = ad.workplace_address.municipality;
      byMunicipality.set(name, (byMunicipality.get(name) ?? 0) + 1);
    }
    const ranked = [...byMunicipality.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
    expect(ranked[0]).toBe('Stockholm');
    expect(ranked.slice(0, 3)).toEqual(expect.arrayContaining(['Göteborg', 'Malmö']));
    expect(byMunicipality.size).toBeGreaterThan(150);
  });

  it('marks about 5 % of the ads as remote with JobTech remote phrases', () => {
    expect(share(isRemote)).toBeGreaterThan(0.025);
    expect(share(isRemote)).toBeLessThan(0.09);
  });

  it('gives the ad page facts: wage type, duration, scope, languages and licences, and a rolling selection in some', () => {
    expect(sample.every((ad) => ad.salary_type.label && ad.duration.label)).toBe(true);
    expect(share((ad) => ad.scope_of_work.max < 100)).toBeGreaterThan(0.1);
    expect(share((ad) => ad.must_have.languages.length > 0)).toBeGreaterThan(0.4);
    expect(share((ad) => (ad.driving_license ?? []).length > 0)).toBeGreaterThan(0.05);
    expect(share((ad) => saysRollingSelection(ad.description.text))).toBeGreaterThan(0.3);
    expect(share((ad) => saysRollingSelection(ad.description.text))).toBeLessThan(0.7);
  });

  it('mixes Heltid and Deltid, mostly one vacancy, deadlines 1–8 weeks after publication', () => {
    expect(share((ad) => ad.working_hours_type.label === 'Heltid')).toBeGreaterThan(0.6);
    expect(share((ad) => ad.working_hours_type.label === 'Deltid')).toBeGreaterThan(0.1);
    expect(share((ad) => ad.number_of_vacancies === 1)).toBeGreaterThan(0.7);
    expect(sample.some((ad) => ad.number_of_vacancies >= 5)).toBe(true);
    for (const ad of sample) {
      const days =
        (parseStockholm(ad.application_deadline)! - parseStockholm(ad.publication_date)!) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThanOrEqual(57);
    }
  });

  it('asks developers for the skills their headline names and only for their profile’s skills', () => {
    const developer = simulatorData().profiles.find((profile) => profile.ssyk === '2512')!;
    const allowed = new Set(
      developer.skills.concat(developer.titleSkills.flatMap(([, skills]) => skills)).map((s) => s.label),
    );
    const developers = sample.filter((ad) => ad.occupation_group.legacy_ams_taxonomy_id === '2512');
    expect(developers.length).toBeGreaterThan(50);
    for (const ad of developers) {
      for (const skill of [...ad.must_have.skills, ...ad.nice_to_have.skills])
        expect(allowed).toContain(skill.label);
    }
    const java = developers.filter((ad) => ad.headline.includes('Javautvecklare'));
    expect(java.length).toBeGreaterThan(0);
    for (const ad of java)
      expect(ad.must_have.skills.map((s) => s.label)).toContain('Java, programmeringsspråk');
  });

  it('carries invented personal contact details for the normaliser to strip', () => {
    for (const ad of sample.slice(0, 200)) {
      const [contact] = ad.application_contacts;
      expect(contact!.email).toMatch(/^[a-z]+\.[a-z]+@example\.se$/);
      expect(contact!.telephone).toMatch(/^070-(000 00 00|174 06 \d\d)$/);
      const text = ad.description.text;
      expect(text.includes(contact!.name!) || text.includes(contact!.email!)).toBe(true);
    }
  });
});

describe('curated data', () => {
  it('resolves every occupation name and skill of the profiles against the taxonomy', () => {
    const raw = JSON.parse(
      readFileSync(new URL('../data/occupation-profiles.json', import.meta.url), 'utf8'),
    ) as { profiles: Array<{ ssyk: string; names: string[]; skills: string[] }> };
    const resolved = simulatorData().profiles;
    expect(resolved).toHaveLength(raw.profiles.length);
    for (const [i, profile] of raw.profiles.entries()) {
      expect(resolved[i]!.names.map((name) => name.label).sort()).toEqual([...profile.names].sort());
      expect(resolved[i]!.skills).toHaveLength(profile.skills.length);
    }
  });

  it('uses remote-work phrases only in the remote sentences', () => {
    // `about` documents the file; the rest is text that ends up in ads.
    const {
      remote,
      about: _about,
      ...otherTexts
    } = simulatorData().texts as unknown as Record<string, string[]>;
    const profileTexts = simulatorData().profiles.flatMap((p) => [
      ...p.duties,
      ...p.requirements,
      ...p.merits,
      ...p.titles,
    ]);
    const mentionsRemote = (text: string) =>
      REMOTE_PHRASES.some((phrase) => text.toLowerCase().includes(phrase));
    for (const text of [...Object.values(otherTexts).flat(), ...profileTexts])
      expect(mentionsRemote(text), text).toBe(false);
    for (const sentence of remote!) expect(mentionsRemote(sentence), sentence).toBe(true);
  });
});

describe('revisions and times', () => {
  it('changes the timestamp and text of an update but keeps what identifies the ad', () => {
    const original = generateAd(12, 1);
    const updatedAt = DEFAULT_REFERENCE_TIME + 3_600_000;
    const updated = generateAd(12, 1, { revision: 40, updatedAt });
    expect(updated.timestamp).toBe(updatedAt);
    expect(updated.description.text).not.toBe(original.description.text);
    expect(updated.publication_date).toBe(original.publication_date);
    expect([updated.id, updated.occupation, updated.employer.name]).toEqual([
      original.id,
      original.occupation,
      original.employer.name,
    ]);
    expect(parseStockholm(updated.application_deadline)!).toBeGreaterThanOrEqual(
      parseStockholm(original.application_deadline)!,
    );
  });

  it('keeps every original ad open at its reference time, with its last change before it', () => {
    for (let index = 0; index < 2000; index++) {
      const times = adTimesFor(index, 9, { referenceTime: DEFAULT_REFERENCE_TIME });
      expect(times.publishedAt).toBeLessThan(DEFAULT_REFERENCE_TIME);
      expect(times.timestamp).toBeGreaterThanOrEqual(times.publishedAt);
      expect(times.timestamp).toBeLessThan(DEFAULT_REFERENCE_TIME);
      expect(times.deadline).toBeGreaterThan(DEFAULT_REFERENCE_TIME);
    }
  });

  it('computes the same dates without generating the ad as with it', () => {
    const ad = generateAd(77, 4, { revision: 9, updatedAt: DEFAULT_REFERENCE_TIME + 5000 });
    const times = adTimesFor(77, 4, { revision: 9, updatedAt: DEFAULT_REFERENCE_TIME + 5000 });
    expect([times.deadlineText, times.timestamp]).toEqual([ad.application_deadline, ad.timestamp]);
  });
});
