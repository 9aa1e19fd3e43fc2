import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKmBetween, foldAscii } from '@jobbportalen/contracts';
import { municipalityByName } from '@jobbportalen/lexicon';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';

interface Page {
  jobs: Array<{ _id: string; distanceKm?: number }>;
  totalHits: number;
  appliedFilters: Record<string, unknown>;
}

/** The coordinates the indexer gives an ad in a municipality without its own: the taxonomy's. */
function coordinatesOf(name: string) {
  const municipality = municipalityByName(name);
  if (municipality?.lat === undefined || municipality.lng === undefined) throw new Error(name);
  return { lat: municipality.lat, lng: municipality.lng };
}

// Distances from Malmö's main locality, by the taxonomy's coordinates: Burlöv 7 km, Lund 17,
// Landskrona 32, Helsingborg 53, Kristianstad 87, Göteborg 242.
const PLACES = ['Malmö', 'Burlöv', 'Lund', 'Landskrona', 'Helsingborg', 'Kristianstad', 'Göteborg'];
// Ids are ASCII (Meilisearch's rule): the place's name folded.
const idOf = (place: string) => `geo-${foldAscii(place)}`;
const placeOf = (id: string) => PLACES.find((place) => idOf(place) === id)!;

function ads() {
  const now = Date.now();
  return [
    // Oldest nearest: 'Närmast' must not be the default newest-first order.
    ...PLACES.map((place, index) =>
      normalizedJob(idOf(place), {
        title: 'Undersköterska',
        location: place,
        municipality: place,
        ...coordinatesOf(place),
        publishedAt: new Date(now - (PLACES.length - index) * 3_600_000),
        experienceRequired: place === 'Lund' ? false : null,
      }),
    ),
    // No coordinates at all: inside no radius.
    normalizedJob('geo-none', { title: 'Undersköterska', location: 'Okänd ort', lat: null, lng: null }),
  ];
}

describe.each(testDatabaseKinds())('distance: near, radiusKm and sort=distance on %s', (kind) => {
  let t: TestApp;
  const call = (url: string) => t.app.inject(url);
  const page = async (query: string): Promise<Page> => {
    const response = await call(`/api/jobs?limit=100&${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json();
  };
  const ids = async (query: string) => (await page(query)).jobs.map((job) => job._id).sort();
  const within = (...places: string[]) => places.map(idOf).sort();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(t, ads());
  });
  afterAll(() => t?.close());

  it('keeps the ads within the radius of a municipality, 30 km by default', async () => {
    expect(await ids('near=Malmö')).toEqual(within('Malmö', 'Burlöv', 'Lund'));
    expect(await ids('near=Malmö&radiusKm=5')).toEqual(within('Malmö'));
    expect(await ids('near=Malmö&radiusKm=10')).toEqual(within('Malmö', 'Burlöv'));
    expect(await ids('near=Malmö&radiusKm=50')).toEqual(within('Malmö', 'Burlöv', 'Lund', 'Landskrona'));
    expect(await ids('near=Malmö&radiusKm=200')).toEqual(
      within('Malmö', 'Burlöv', 'Lund', 'Landskrona', 'Helsingborg', 'Kristianstad'),
    );
    expect(await ids('near=Göteborg&radiusKm=5')).toEqual(within('Göteborg'));
  });

  it('reads the place ignoring case and å/ä/ö and answers its canonical spelling', async () => {
    const { appliedFilters } = await page('near=MALMO&radiusKm=10');
    expect(appliedFilters).toMatchObject({ near: 'Malmö', radiusKm: 10, sort: null });
    expect(await ids('near=burlov&radiusKm=5')).toEqual(within('Burlöv'));
  });

  it('searches around a position, rounded to 2 decimals', async () => {
    const malmo = coordinatesOf('Malmö');
    const { appliedFilters } = await page(`near=${malmo.lat},${malmo.lng}&radiusKm=20`);
    expect(appliedFilters.near).toBe(`${malmo.lat.toFixed(2)},${malmo.lng.toFixed(2)}`);
    expect(await ids(`near=${malmo.lat},${malmo.lng}&radiusKm=20`)).toEqual(
      within('Malmö', 'Burlöv', 'Lund'),
    );
  });

  it("sorts nearest first with sort=distance ('Närmast'), each hit with its distance in km", async () => {
    const { jobs } = await page('near=Malmö&radiusKm=100&sort=distance');
    expect(jobs.map((job) => job._id)).toEqual(
      ['Malmö', 'Burlöv', 'Lund', 'Landskrona', 'Helsingborg', 'Kristianstad'].map(idOf),
    );
    const malmo = coordinatesOf('Malmö');
    for (const job of jobs) {
      const place = placeOf(job._id);
      // The table of places keeps 3 decimals (about 100 m).
      expect(job.distanceKm, place).toBeCloseTo(distanceKmBetween(malmo, coordinatesOf(place)), 0);
    }
    // Without 'Närmast' the order is the default (newest first) and the distance is still there.
    const newest = await page('near=Malmö&radiusKm=100');
    expect(newest.jobs.map((job) => job._id)[0]).toBe(idOf('Kristianstad'));
    expect(newest.jobs.find((job) => job._id === idOf('Lund'))?.distanceKm).toBeCloseTo(17.1, 0);
    // Without a place nobody is at any distance.
    expect((await page('')).jobs.every((job) => job.distanceKm === undefined)).toBe(true);
  });

  it('combines with the text and the other filters', async () => {
    expect(await ids('near=Malmö&experience=false')).toEqual(within('Lund'));
    expect(await ids('search=undersköterska&near=Lund&radiusKm=20')).toEqual(
      within('Malmö', 'Burlöv', 'Lund'),
    );
    expect(await ids('near=Malmö&city=Lund')).toEqual(within('Lund'));
  });

  it('lists every applied filter under its URL name, null when not set', async () => {
    expect((await page('')).appliedFilters).toEqual({
      search: null,
      mainCategory: null,
      field: [],
      region: [],
      municipality: [],
      city: null,
      extent: null,
      form: null,
      published: null,
      experience: null,
      drivingLicence: null,
      remote: null,
      near: null,
      radiusKm: null,
      sort: null,
    });
    expect(
      (await page('near=lund&published=7&experience=false&drivingLicence=false&remote=true&sort=distance'))
        .appliedFilters,
    ).toMatchObject({
      published: 7,
      experience: false,
      drivingLicence: false,
      remote: true,
      near: 'Lund',
      radiusKm: 30,
      sort: 'distance',
    });
    // A radius without a place is no filter.
    expect((await page('radiusKm=50')).appliedFilters).toMatchObject({ near: null, radiusKm: null });
  });

  it('counts each radius as the number of hits that radius gives', async () => {
    for (const query of ['near=Malmö', 'near=Lund&radiusKm=100', 'near=Malmö&experience=false']) {
      const response = await call(`/api/jobs/filter-counts?${query}`);
      expect(response.statusCode, query).toBe(200);
      const counts = response.json() as { radiusKm: Record<string, number> };
      for (const km of ['5', '10', '20', '30', '50', '100', '200']) {
        const params = new URLSearchParams(query);
        params.set('radiusKm', km);
        expect(counts.radiusKm[km], `${query} radiusKm=${km}`).toBe(
          (await page(params.toString())).totalHits,
        );
      }
    }
    const malmo = (await call('/api/jobs/filter-counts?near=Malmö')).json() as { radiusKm: unknown };
    expect(malmo.radiusKm).toEqual({ 5: 1, 10: 2, 20: 3, 30: 3, 50: 4, 100: 6, 200: 6 });
    expect((await call('/api/jobs/filter-counts')).json()).toMatchObject({ radiusKm: null });
  });

  it('refuses an unknown place, a radius outside 5–200 and sort=distance without a place', async () => {
    const unknownPlace =
      'Okänd plats i near: ange en ort eller kommun (t.ex. Malmö) eller en position som lat,lng (t.ex. 57.71,11.97).';
    const badRadius = 'Avståndet (radiusKm) ska vara ett heltal mellan 5 och 200 km.';
    const cases: Array<[string, string, string]> = [
      ['near=Atlantis', 'near', unknownPlace],
      ['near=95.1,12.0', 'near', unknownPlace],
      ['near=Malmö&radiusKm=4', 'radiusKm', badRadius],
      ['near=Malmö&radiusKm=201', 'radiusKm', badRadius],
      ['near=Malmö&radiusKm=12.5', 'radiusKm', badRadius],
      ['near=Malmö&radiusKm=långt', 'radiusKm', badRadius],
      ['sort=distance', 'sort', 'Sortering på avstånd (sort=distance) kräver en ort eller position i near.'],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/api/jobs', '/api/jobs/filter-counts']) {
        const response = await call(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json(), `${path}?${query}`).toMatchObject({
          code: 'VALIDATION_FAILED',
          message,
          details: { field },
        });
      }
    }
  });
});
