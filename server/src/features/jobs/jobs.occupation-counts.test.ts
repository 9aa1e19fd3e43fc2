import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue #25: the filter counts, the zero-hit help ('Menade du …?', 'Utan Distansarbete: N jobb')
// and the search box's suggestions mean by 'utvecklare' what /api/jobs means: the developer ads,
// not the ads whose text says "utvecklas" or "utveckla".

interface Page {
  jobs: Array<{ _id: string }>;
  totalHits: number;
}
interface Counts {
  published: Record<'1' | '3' | '7' | '30', number>;
  experience: number;
  drivingLicence: number;
  remote: number;
}
interface Help {
  totalHits: number;
  suggestions: Array<{ text: string; totalHits: number }>;
  removableFilters: Array<{ name: string; label: string; totalHits: number }>;
}

const HOUR = 3_600_000;
const DEVELOPER = {
  occupation: 'Mjukvaruutvecklare',
  occupationGroup: 'Mjukvaru- och systemutvecklare m.fl.',
};

type AdFields = Parameters<typeof normalizedJob>[1];
const ad = (id: string, hoursAgo: number, fields: AdFields) =>
  normalizedJob(id, { publishedAt: new Date(Date.now() - hoursAgo * HOUR), ...fields });

/** Developers published 2 hours to 10 days ago, a mix of flags, none of them remote. */
const developers = () => [
  ad('dev-java', 2, { title: 'Javautvecklare', ...DEVELOPER, experienceRequired: false }),
  ad('dev-system', 50, {
    title: 'Systemutvecklare',
    occupation: 'Systemutvecklare',
    drivingLicenceRequired: false,
    experienceRequired: true,
  }),
  ad('dev-till', 5 * 24, {
    title: 'Utvecklare till vårt team i Malmö',
    location: 'Malmö',
    municipality: 'Malmö',
    ...DEVELOPER,
    experienceRequired: false,
  }),
  ad('dev-occupation', 10 * 24, { title: 'Backend engineer', ...DEVELOPER }),
];

/**
 * Other occupations whose text has the words, published an hour ago, remote and asking for
 * nothing: each would show in every count it leaked into. Only the nurse's text names developers.
 */
const others = () => {
  const open = { remote: true, experienceRequired: false, drivingLicenceRequired: false } as const;
  return [
    ad('truck', 1, {
      title: 'Lastbilschaufför',
      occupation: 'Lastbilsförare',
      descriptionText: 'Vi är ett åkeri som växer och vill att bolaget utvecklas med dig.',
      ...open,
    }),
    ad('ekonom', 1, {
      title: 'Redovisningsekonom',
      occupation: 'Redovisningsekonom',
      descriptionText: 'Du får vara med och utveckla verksamheten och våra rutiner.',
      ...open,
    }),
    ad('nurse', 1, {
      title: 'Sjuksköterska',
      occupation: 'Sjuksköterska, grundutbildad',
      descriptionText: 'Du arbetar tillsammans med våra utvecklare av digitala vårdtjänster.',
      ...open,
    }),
  ];
};

const DEVELOPER_IDS = ['dev-java', 'dev-occupation', 'dev-system', 'dev-till'];

describe.each(testDatabaseKinds())("counts and help for an occupation word ('utvecklare') on %s", (kind) => {
  let t: TestApp;
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject(url);
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };
  const page = (query: string) => get<Page>(`/api/jobs?limit=100&${query}`);
  const ids = async (query: string) => (await page(query)).jobs.map((job) => job._id).sort();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(t, [...developers(), ...others()]);
  });
  afterAll(() => t?.close());

  it("adds the filter counts up to /api/jobs' total, with no 'utvecklas' ad counted", async () => {
    const search = 'search=utvecklare';
    expect(await ids(search)).toEqual(DEVELOPER_IDS);
    const total = (await page(search)).totalHits;
    expect(total).toBe(DEVELOPER_IDS.length);

    const counts = await get<Counts>(`/api/jobs/filter-counts?${search}`);
    // One developer ad in each window: 2 hours, 2 days, 5 days and 10 days old.
    expect(counts.published).toEqual({ 1: 1, 3: 2, 7: 3, 30: total });
    // The others would each add one: all three ask for nothing and are remote.
    expect(counts).toMatchObject({ experience: 2, drivingLicence: 1, remote: 0 });
    // And each is the total /api/jobs gives with that choice made.
    for (const [choice, count] of [
      ['published=1', counts.published[1]],
      ['published=3', counts.published[3]],
      ['published=30', counts.published[30]],
      ['experience=false', counts.experience],
      ['drivingLicence=false', counts.drivingLicence],
      ['remote=true', counts.remote],
    ] as const) {
      expect((await page(`${search}&${choice}`)).totalHits, choice).toBe(count);
    }
  });

  it('counts the ad whose text names developers too with alsoMentions, and still no look-alike', async () => {
    const search = 'search=utvecklare&alsoMentions=true';
    expect(await ids(search)).toEqual([...DEVELOPER_IDS, 'nurse'].sort());
    const counts = await get<Counts>(`/api/jobs/filter-counts?${search}`);
    expect(counts).toMatchObject({
      published: { 1: 2, 3: 3, 7: 4, 30: 5 },
      experience: 3,
      drivingLicence: 2,
      remote: 1,
    });
    expect((await page(`${search}&remote=true`)).jobs.map((job) => job._id)).toEqual(['nurse']);
  });

  it('offers the filter whose removal gives the developers, counted as /api/jobs counts them', async () => {
    // No developer is remote; the remote 'utvecklas' ads must not give this search hits.
    const help = await get<Help>('/api/jobs/zero-hit-help?search=utvecklare&remote=true');
    expect(help).toEqual({
      totalHits: 0,
      suggestions: [],
      removableFilters: [{ name: 'remote', label: 'Distansarbete', totalHits: DEVELOPER_IDS.length }],
    });
  });

  it("suggests 'utvecklare' for a misspelling beyond the typo tolerance, with the developers' count", async () => {
    // Two letters off in eight: too far for Meilisearch (one typo) and for the occupation reading.
    const help = await get<Help>('/api/jobs/zero-hit-help?search=utvklare');
    expect(help.totalHits).toBe(0);
    expect(help.suggestions).toEqual([{ text: 'utvecklare', totalHits: DEVELOPER_IDS.length }]);
    expect((await page('search=utvecklare')).totalHits).toBe(DEVELOPER_IDS.length);
  });

  it('suggests in the search box only titles whose search finds developer ads, that ad among them', async () => {
    const suggestions = await get<string[]>('/api/jobs/suggestions?q=utveckla');
    expect(suggestions.sort()).toEqual([
      'Javautvecklare',
      'Systemutvecklare',
      'Utvecklare till vårt team i Malmö',
    ]);
    for (const suggestion of suggestions) {
      const found = await ids(`search=${encodeURIComponent(suggestion)}`);
      expect(found.length, suggestion).toBeGreaterThan(0);
      expect(DEVELOPER_IDS, suggestion).toEqual(expect.arrayContaining(found));
    }
  });
});
