// GET /api/jobs/also-mentions: the number behind 'Visa även N annonser som nämner ”utvecklare” i
// texten', on a real app (Meilisearch, the database) with ads seeded the indexer's way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';

interface AlsoMentions {
  words: string[];
  totalHits: number;
}

const place = (location: string) => ({ location, municipality: location });

const ads = () => [
  normalizedJob('developer', {
    title: 'Systemutvecklare',
    occupation: 'Systemutvecklare',
    ...place('Göteborg'),
  }),
  // Names developers in its text: found only when the search is widened.
  normalizedJob('mentions-developers', {
    title: 'Lagerarbetare',
    descriptionText: 'Du arbetar nära våra utvecklare och lagerchefen.',
    ...place('Uppsala'),
  }),
  // 'utvecklas' is no developer, not even in the text.
  normalizedJob('develops', {
    title: 'Truckförare',
    occupation: 'Truckförare',
    descriptionText: 'Verksamheten utvecklas snabbt.',
    ...place('Uppsala'),
  }),
  normalizedJob('nurse', {
    title: 'Sjuksköterska',
    occupation: 'Sjuksköterska',
    descriptionText: 'Du arbetar med våra läkare på natten.',
    ...place('Malmö'),
  }),
];

describe.each(testDatabaseKinds())('GET /api/jobs/also-mentions on %s', (kind) => {
  let t: TestApp;
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject(url);
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };
  const alsoMentions = (query: string) => get<AlsoMentions>(`/api/jobs/also-mentions?${query}`);
  const totalOf = async (query: string) => (await get<{ totalHits: number }>(`/api/jobs?${query}`)).totalHits;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(t, ads());
  });
  afterAll(() => t?.close());

  it('counts the ads the widened search adds, with the occupation words as typed', async () => {
    expect(await alsoMentions('search=utvecklare')).toEqual({ words: ['utvecklare'], totalHits: 1 });
    // The number is what the widened search really adds on /api/jobs.
    expect(
      (await totalOf('search=utvecklare&alsoMentions=true')) - (await totalOf('search=utvecklare')),
    ).toBe(1);
    // Typed as typed: the word the link quotes is the seeker's own.
    expect(await alsoMentions('search=Utvecklare')).toEqual({ words: ['Utvecklare'], totalHits: 1 });
  });

  it('counts within the rest of the search: its other words and its filters', async () => {
    // 'göteborg' is the city filter: the ad that names developers is in Uppsala.
    expect(await alsoMentions(`search=${encodeURIComponent('utvecklare göteborg')}`)).toEqual({
      words: ['utvecklare'],
      totalHits: 0,
    });
    expect(await alsoMentions('search=utvecklare&city=Uppsala')).toEqual({
      words: ['utvecklare'],
      totalHits: 1,
    });
    expect(await alsoMentions('search=utvecklare&remote=true')).toEqual({
      words: ['utvecklare'],
      totalHits: 0,
    });
    // Two occupation words: both must be named, as both must hold.
    expect(await alsoMentions(`search=${encodeURIComponent('sjuksköterska läkare')}`)).toEqual({
      words: ['sjuksköterska', 'läkare'],
      totalHits: 1,
    });
  });

  it('counts the same when the filter counts of the search were asked first (they ask for it too)', async () => {
    // A page asks for the filter counts, then for this: the first asks both in one multi-search,
    // taking the search's own total from the counts' search of it, and keeps this answer.
    for (const query of [
      'search=utvecklare&city=Uppsala&experience=false',
      `search=${encodeURIComponent('utvecklare lager')}`,
      `search=${encodeURIComponent('sjuksköterska läkare')}&published=30`,
    ]) {
      await get(`/api/jobs/filter-counts?${query}`);
      const added = (await totalOf(`${query}&alsoMentions=true`)) - (await totalOf(query));
      expect((await alsoMentions(query)).totalHits, query).toBe(added);
    }
  });

  it('offers nothing for a text without occupation words, an exact text or a widened search', async () => {
    const nothing = { words: [], totalHits: 0 };
    expect(await alsoMentions('search=kollega')).toEqual(nothing);
    expect(await alsoMentions('city=Uppsala')).toEqual(nothing);
    expect(await alsoMentions('search=utvecklare&exact=true')).toEqual(nothing);
    expect(await alsoMentions('search=utvecklare&alsoMentions=true')).toEqual(nothing);
    // 'Sök endast i titel' asks for no ad's text.
    expect(await alsoMentions('search=utvecklare&titleOnly=true')).toEqual(nothing);
  });

  it('refuses a search /api/jobs refuses, with the same stable code', async () => {
    for (const query of ['search=utvecklare&published=5', 'search=utvecklare&alsoMentions=false']) {
      const [answer, list] = await Promise.all([
        t.app.inject(`/api/jobs/also-mentions?${query}`),
        t.app.inject(`/api/jobs?${query}`),
      ]);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<{ code: string }>().code).toBe(list.json<{ code: string }>().code);
      expect(answer.json<{ code: string }>().code).toBeTruthy();
    }
  });
});
