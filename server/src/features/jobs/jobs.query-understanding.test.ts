import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';

interface Page {
  jobs: Array<{ _id: string }>;
  totalHits: number;
  appliedFilters: Record<string, unknown>;
  interpretation: Record<string, unknown> | null;
}

interface Help {
  totalHits: number;
  suggestions: Array<{ text: string; totalHits: number }>;
  removableFilters: Array<{ name: string; label: string; totalHits: number }>;
}

const place = (location: string) => ({ location, municipality: location });

/** Teachers, cooks and a summer job in three cities, full and part time. */
const ads = () => [
  normalizedJob('teacher-malmo', { title: 'Lärare', occupation: 'Gymnasielärare', ...place('Malmö') }),
  normalizedJob('teacher-malmo-part', {
    title: 'Lärare i svenska',
    occupation: 'Grundskollärare',
    extent: 'Deltid',
    ...place('Malmö'),
  }),
  normalizedJob('teacher-sthlm', { title: 'Lärare', occupation: 'Grundskollärare', ...place('Stockholm') }),
  normalizedJob('cook-malmo', { title: 'Kock', occupation: 'Kock', extent: 'Deltid', ...place('Malmö') }),
  normalizedJob('cook-gbg', { title: 'Kock', occupation: 'Kock', ...place('Göteborg') }),
  normalizedJob('summer-gbg', {
    title: 'Lagerarbetare i sommar',
    form: 'Sommarjobb / feriejobb',
    ...place('Göteborg'),
  }),
  // An ad whose title the rules would read as 'lager' in Malmö.
  normalizedJob('titled-uppsala', { title: 'Lagerjobb Malmö', ...place('Uppsala') }),
  normalizedJob('it-malmo', {
    title: 'Systemutvecklare',
    occupation: 'Systemutvecklare',
    mainCategory: 'IT',
    category: 'Data/IT',
    ...place('Malmö'),
  }),
];

describe.each(testDatabaseKinds())('search texts understood the way Swedes type them, on %s', (kind) => {
  let t: TestApp;
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject(url);
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };
  const page = (query: string) => get<Page>(`/api/jobs?limit=100&${query}`);
  const ids = async (query: string) => (await page(query)).jobs.map((job) => job._id).sort();
  const help = (query: string) => get<Help>(`/api/jobs/zero-hit-help?${query}`);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(t, ads());
  });
  afterAll(() => t?.close());

  it("answers 'lärarjobb malmö' as lärare in Malmö, and says so", async () => {
    const answer = await page(`search=${encodeURIComponent('lärarjobb malmö')}`);
    expect(answer.jobs.map((job) => job._id).sort()).toEqual(['teacher-malmo', 'teacher-malmo-part']);
    expect(answer.appliedFilters).toMatchObject({ search: 'lärare', city: 'Malmö' });
    expect(answer.interpretation).toEqual({
      typed: 'lärarjobb malmö',
      text: 'lärare',
      mainCategory: null,
      city: 'Malmö',
      extent: null,
      form: null,
      description: 'Visar jobb som lärare i Malmö',
    });
  });

  it('understands phrases, extents and categories in the text', async () => {
    expect(await ids(`search=${encodeURIComponent('jobb som kock i malmö')}`)).toEqual(['cook-malmo']);
    expect(await ids(`search=${encodeURIComponent('lärare stockholm')}`)).toEqual(['teacher-sthlm']);
    expect(await ids(`search=${encodeURIComponent('sommarjobb göteborg')}`)).toEqual(['summer-gbg']);
    expect(await ids('search=deltidsjobb')).toEqual(['cook-malmo', 'teacher-malmo-part']);
    expect(await ids(`search=${encodeURIComponent('it-jobb malmö')}`)).toEqual(['it-malmo']);
    const plain = await page('search=kock');
    expect(plain.interpretation).toBeNull();
  });

  it('searches exactly what was typed with exact=true', async () => {
    const exact = await page(`search=${encodeURIComponent('lärarjobb malmö')}&exact=true`);
    expect(exact.interpretation).toBeNull();
    expect(exact.appliedFilters).toMatchObject({ search: 'lärarjobb malmö', city: null });
    // The words themselves are in no teacher's ad.
    expect(exact.jobs.map((job) => job._id)).not.toContain('teacher-malmo');
    // The city rule is off too: 'göteborg' is a word, found in no ad's text here.
    const city = await page('search=g%C3%B6teborg&exact=true');
    expect(city.appliedFilters).toMatchObject({ search: 'göteborg', city: null });
    expect((await page('search=g%C3%B6teborg')).appliedFilters).toMatchObject({
      search: null,
      city: 'Göteborg',
    });
    expect((await t.app.inject('/api/jobs?search=kock&exact=false')).statusCode).toBe(400);
  });

  it('names the filters whose removal gives hits, with the totals those searches give', async () => {
    const query = `search=kock&city=Stockholm&extent=Deltid`;
    expect((await page(query)).totalHits).toBe(0);
    const answer = await help(query);
    expect(answer.totalHits).toBe(0);
    const withoutCity = (await page('search=kock&extent=Deltid')).totalHits;
    expect(withoutCity).toBe(1);
    // Without Deltid it is still kock in Stockholm: nothing, so not offered.
    expect(answer.removableFilters).toEqual([{ name: 'city', label: 'Stockholm', totalHits: withoutCity }]);
    expect(answer.suggestions).toEqual([]);
  });

  it("suggests a spelling beyond the typo tolerance ('Menade du …?') only when it has hits", async () => {
    const answer = await help('search=kokc');
    expect(answer.totalHits).toBe(0);
    expect(answer.suggestions).toEqual([{ text: 'kock', totalHits: (await page('search=kock')).totalHits }]);
    expect((await help('search=xqzvw')).suggestions).toEqual([]);
    // A search with hits needs no help.
    expect(await help('search=kock')).toEqual({ totalHits: 2, suggestions: [], removableFilters: [] });
  });

  it('gives the browser the rules it understands texts with', async () => {
    const answer = await get<{ rules: { stems: Record<string, string> }; keptTexts: string[] }>(
      '/api/jobs/query-rules',
    );
    expect(answer.rules.stems['lärar']).toBe('lärare');
    expect(answer.keptTexts).toEqual(['Lagerjobb Malmö']);
  });

  it("searches a text that is exactly an ad's title as typed", async () => {
    const answer = await page(`search=${encodeURIComponent('lagerjobb malmö')}`);
    expect(answer.interpretation).toBeNull();
    expect(answer.jobs.map((job) => job._id)).toEqual(['titled-uppsala']);
  });
});
