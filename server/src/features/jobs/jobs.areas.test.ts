import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Counts {
  occupationFields: Record<string, number>;
  regions: Record<string, number>;
  places: Array<{ name: string; region: string; count: number }>;
}

const place = (location: string, region: string) => ({ location, municipality: location, region });
const field = (occupationField: string) => ({ occupationField, category: occupationField });

/** Ads in known occupation fields and places: two län with two places each, and Stockholm. */
const ADS = [
  normalizedJob('malmo-truck', { ...field('Transport'), ...place('Malmö', 'Skåne län') }),
  normalizedJob('gbg-truck', { ...field('Transport'), ...place('Göteborg', 'Västra Götalands län') }),
  normalizedJob('lund-bygg', { ...field('Bygg och anläggning'), ...place('Lund', 'Skåne län') }),
  normalizedJob('sthlm-vard', { ...field('Hälso- och sjukvård'), ...place('Stockholm', 'Stockholms län') }),
  normalizedJob('molndal-it', { ...field('Data/IT'), ...place('Mölndal', 'Västra Götalands län') }),
];

describe.each(testDatabaseKinds())("'Yrkesområde', län and places several at once on %s", (kind) => {
  let t: TestApp;
  const ids = async (query: string) => {
    const response = await t.app.inject(`/api/jobs?limit=100&${query}`);
    expect(response.statusCode, query).toBe(200);
    return (response.json() as { jobs: Array<{ _id: string }> }).jobs.map((job) => job._id).sort();
  };
  const counts = async (query: string): Promise<Counts> => {
    const response = await t.app.inject(`/api/jobs/filter-counts?${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(t, ADS);
  }, 60_000);
  afterAll(() => t?.close());

  it('field= keeps the ads in any of the chosen occupation fields', async () => {
    expect(await ids('field=Transport')).toEqual(['gbg-truck', 'malmo-truck']);
    expect(await ids('field=Transport&field=Bygg%20och%20anl%C3%A4ggning')).toEqual([
      'gbg-truck',
      'lund-bygg',
      'malmo-truck',
    ]);
    // Any spelling of a known field; an unknown one is no filter, as other unknown values.
    expect(await ids('field=data%2Fit')).toEqual(['molndal-it']);
    expect(await ids('field=Astrologi')).toHaveLength(ADS.length);
  });

  it('region= and municipality= keep the ads in any of the chosen län or places', async () => {
    expect(await ids('region=Sk%C3%A5ne%20l%C3%A4n')).toEqual(['lund-bygg', 'malmo-truck']);
    expect(await ids('region=Sk%C3%A5ne%20l%C3%A4n&region=Stockholms%20l%C3%A4n')).toEqual([
      'lund-bygg',
      'malmo-truck',
      'sthlm-vard',
    ]);
    expect(await ids('region=Sk%C3%A5ne%20l%C3%A4n&municipality=G%C3%B6teborg')).toEqual([
      'gbg-truck',
      'lund-bygg',
      'malmo-truck',
    ]);
    expect(await ids('municipality=G%C3%B6teborg&municipality=M%C3%B6lndal')).toEqual([
      'gbg-truck',
      'molndal-it',
    ]);
    // With the other criteria, all must hold.
    expect(await ids('field=Transport&region=Sk%C3%A5ne%20l%C3%A4n')).toEqual(['malmo-truck']);
  });

  it('answers a single city exactly as before, and names what it applied', async () => {
    expect(await ids('city=G%C3%B6teborg')).toEqual(['gbg-truck']);
    const response = await t.app.inject(
      '/api/jobs?field=Transport&region=Sk%C3%A5ne%20l%C3%A4n&city=Malm%C3%B6',
    );
    expect(response.json().appliedFilters).toMatchObject({
      city: 'Malmö',
      field: ['Transport'],
      region: ['Skåne län'],
      municipality: [],
    });
  });

  it('refuses more values than a search takes with a stable code and a Swedish message', async () => {
    const many = Array.from({ length: 13 }, (_, i) => `municipality=Ort${i}`).join('&');
    const response = await t.app.inject(`/api/jobs?${many}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/högst 12/),
    });
  });

  it('counts each field and each län or place among the search without that choice', async () => {
    const all = await counts('');
    expect(all.occupationFields).toMatchObject({
      Transport: 2,
      'Bygg och anläggning': 1,
      'Data/IT': 1,
      'Hälso- och sjukvård': 1,
      Naturbruk: 0,
    });
    expect(Object.keys(all.occupationFields)).toHaveLength(21);
    expect(all.regions).toMatchObject({
      'Skåne län': 2,
      'Västra Götalands län': 2,
      'Stockholms län': 1,
      'Uppsala län': 0,
    });
    expect(all.places).toEqual([
      { name: 'Göteborg', region: 'Västra Götalands län', count: 1 },
      { name: 'Lund', region: 'Skåne län', count: 1 },
      { name: 'Malmö', region: 'Skåne län', count: 1 },
      { name: 'Mölndal', region: 'Västra Götalands län', count: 1 },
      { name: 'Stockholm', region: 'Stockholms län', count: 1 },
    ]);

    // A chosen field still counts the others (what ticking them would add); the places narrow to it.
    const transport = await counts('field=Transport');
    expect(transport.occupationFields).toMatchObject({ Transport: 2, 'Data/IT': 1 });
    expect(transport.regions).toMatchObject({
      'Skåne län': 1,
      'Västra Götalands län': 1,
      'Stockholms län': 0,
    });
    expect(transport.places.map((entry) => entry.name)).toEqual(['Göteborg', 'Malmö']);

    // A chosen län counts the fields within it, and the other län as before.
    const skane = await counts('region=Sk%C3%A5ne%20l%C3%A4n');
    expect(skane.occupationFields).toMatchObject({ Transport: 1, 'Bygg och anläggning': 1, 'Data/IT': 0 });
    expect(skane.regions).toMatchObject({ 'Skåne län': 2, 'Stockholms län': 1 });
  });

  it('asks Meilisearch as few searches as the counts need: one per distinct search', async () => {
    // The four 'Publicerad' windows, then one search with every facet while no field or place is
    // chosen; a chosen field or place is left out of its own facet's search, which then differs.
    const client = t.search.client;
    const multiSearch = client.multiSearch.bind(client);
    const asked: number[] = [];
    client.multiSearch = ((params: { queries: unknown[] }, ...rest: unknown[]) => {
      asked.push(params.queries.length);
      return (multiSearch as (...args: unknown[]) => unknown)(params, ...rest);
    }) as typeof client.multiSearch;
    try {
      // Each asked with something of its own, so none is answered from the question cache.
      for (const query of [
        'search=truck',
        'search=truck&remote=true&experience=false',
        'search=truck&field=Transport',
        'search=truck&region=Sk%C3%A5ne%20l%C3%A4n',
        'search=truck&field=Transport&municipality=Malm%C3%B6',
      ])
        await counts(query);
    } finally {
      client.multiSearch = multiSearch;
    }
    expect(asked).toEqual([5, 5, 6, 6, 7]);
  });
});
