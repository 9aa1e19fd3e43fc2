import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue #25: occupation words search the ads' occupations, and everything else still searches the
// whole ad — a skill, an employer's name, a phrase from an ad's text.

const ads = () => [
  normalizedJob('java-in-text', {
    title: 'Systemutvecklare',
    occupation: 'Systemutvecklare/Programmerare',
    descriptionText: 'Du arbetar med Java och Kotlin i ett litet team.',
  }),
  normalizedJob('truckkort-in-text', {
    title: 'Lagerarbetare',
    descriptionText: 'Truckkort A och B är ett krav. Skiftarbete förekommer.',
  }),
  normalizedJob('employer', {
    title: 'Undersköterska',
    occupation: 'Undersköterska, hemtjänst och äldreboende',
    company: 'Lindblommans Omsorg AB',
    descriptionText: 'Välkommen till oss.',
  }),
  normalizedJob('phrase', {
    title: 'Butikssäljare',
    occupation: 'Butikssäljare, fackhandel',
    descriptionText: 'Hos oss får du flexibla arbetstider och friskvårdsbidrag.',
  }),
  normalizedJob('plain', {
    title: 'Kock',
    occupation: 'Kock',
    descriptionText: 'Lunchrestaurang i centrum.',
  }),
];

describe.each(testDatabaseKinds())(
  'skills, employers and phrases still search the whole ad, on %s',
  (kind) => {
    let t: TestApp;
    const ids = async (query: string) => {
      const response = await t.app.inject(`/api/jobs?${query}`);
      expect(response.statusCode, query).toBe(200);
      return (response.json() as { jobs: { _id: string }[] }).jobs.map((job) => job._id).sort();
    };

    beforeAll(async () => {
      t = await buildTestApp(kind);
      await seedJobs(t, ads());
    });
    afterAll(() => t?.close());

    it('finds a skill, an employer and a phrase where the ad says them', async () => {
      expect(await ids('search=java')).toEqual(['java-in-text']);
      expect(await ids('search=truckkort')).toEqual(['truckkort-in-text']);
      expect(await ids(`search=${encodeURIComponent('Lindblommans Omsorg')}`)).toEqual(['employer']);
      expect(await ids(`search=${encodeURIComponent('flexibla arbetstider')}`)).toEqual(['phrase']);
    });

    it('combines an occupation word with a skill: the occupation, saying the skill anywhere', async () => {
      expect(await ids(`search=${encodeURIComponent('java utvecklare')}`)).toEqual(['java-in-text']);
      expect(await ids(`search=${encodeURIComponent('truckkort utvecklare')}`)).toEqual([]);
    });
  },
);
