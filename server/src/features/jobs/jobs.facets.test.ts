import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';

const job = normalizedJob;

describe.each(testDatabaseKinds())('job counts, lists and suggestions on %s', (kind) => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, url).toBe(200);
    return response;
  };
  const json = async <T>(url: string) => (await get(url)).json() as T;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(
      t,
      [
        job('a1', {
          title: 'Javautvecklare',
          mainCategory: 'IT',
          category: 'Data/IT',
          location: 'Göteborg',
          vacancies: 2,
          ageDays: 1,
        }),
        job('a2', {
          title: 'Javautvecklare',
          mainCategory: 'IT',
          category: 'Data/IT',
          location: 'Göteborg',
          vacancies: 3,
          ageDays: 2,
        }),
        job('a3', {
          title: 'Supporttekniker på distans',
          mainCategory: 'IT',
          category: 'Data/IT',
          location: 'Distans',
          remote: true,
          ageDays: 3,
        }),
        job('b1', {
          title: 'Sjuksköterska',
          mainCategory: 'Vård',
          category: 'Hälso- och sjukvård',
          location: 'Stockholm',
          extent: 'Deltid',
          ageDays: 4,
        }),
        job('b2', {
          title: 'Undersköterska',
          mainCategory: 'Vård',
          category: 'Hälso- och sjukvård',
          location: 'Stockholm',
          vacancies: 5,
          ageDays: 5,
        }),
        job('c1', {
          title: 'Butikssäljare',
          mainCategory: 'Sälj',
          category: 'Försäljning, inköp, marknadsföring',
          location: 'Malmö',
          form: 'Behovsanställning',
          ageDays: 6,
        }),
        job('d1', {
          title: 'Redovisningsekonom',
          mainCategory: 'Ekonomi',
          category: 'Administration, ekonomi, juridik',
          location: 'Örebro',
          ageDays: 7,
        }),
        job('e1', { title: 'Lagerarbetare', location: 'Ängelholm', ageDays: 8 }),
        job('e2', { title: 'Liftskötare', location: 'Åre', ageDays: 9 }),
        job('e3', { title: 'Truckförare', location: 'Västerås', ageDays: 10 }),
        job('e4', { title: 'Terminalarbetare', location: 'Kiruna', ageDays: 11 }),
        job('e5', { title: 'Chaufför', location: 'Kiruna', ageDays: 12 }),
      ],
      [job('gone', { title: 'Borttagen', mainCategory: 'Kundservice', location: 'Malmö', vacancies: 50 })],
    );
  });
  afterAll(() => t?.close());

  it('counts live ads and their vacancies', async () => {
    const response = await get('/api/jobs/stats');
    expect(response.json()).toEqual({ totalJobs: 12, totalVacancies: 2 + 3 + 1 + 1 + 5 + 1 + 1 + 5 });
    expect(response.headers['cache-control']).toBe('public, max-age=30');
  });

  it('counts every main category and popular city, zeros included, in the spec order', async () => {
    expect(await json('/api/jobs/main-category-counts')).toEqual([
      { _id: 'IT', count: 3 },
      { _id: 'Sälj', count: 1 },
      { _id: 'Vård', count: 2 },
      { _id: 'Ekonomi', count: 1 },
      { _id: 'Kundservice', count: 0 },
    ]);
    expect(await json('/api/jobs/city-counts')).toEqual([
      { _id: 'Stockholm', count: 2 },
      { _id: 'Göteborg', count: 2 },
      { _id: 'Malmö', count: 1 },
      { _id: 'Distans', count: 1 },
    ]);
  });

  it('gives counts that agree with what the filtered search returns', async () => {
    type Entry = { _id: string; count: number };
    for (const { _id, count } of await json<Entry[]>('/api/jobs/main-category-counts')) {
      const page = await json<{ totalHits: number }>(`/api/jobs?mainCategory=${encodeURIComponent(_id)}`);
      expect(page.totalHits, _id).toBe(count);
    }
    for (const { _id, count } of await json<Entry[]>('/api/jobs/city-counts')) {
      const page = await json<{ totalHits: number }>(`/api/jobs?city=${encodeURIComponent(_id)}`);
      expect(page.totalHits, _id).toBe(count);
    }
    const { totalJobs } = await json<{ totalJobs: number }>('/api/jobs/stats');
    expect((await json<{ totalHits: number }>('/api/jobs')).totalHits).toBe(totalJobs);
  });

  it('lists distinct values in Swedish alphabetical order', async () => {
    expect(await json('/api/jobs/locations')).toEqual([
      'Distans',
      'Göteborg',
      'Kiruna',
      'Malmö',
      'Stockholm',
      'Västerås',
      'Åre',
      'Ängelholm',
      'Örebro',
    ]);
    expect(await json('/api/jobs/normalized-locations')).toEqual(await json('/api/jobs/locations'));
    const titles = await json<string[]>('/api/jobs/titles');
    expect(titles.filter((title) => title === 'Javautvecklare')).toHaveLength(1);
    expect(titles).not.toContain('Borttagen');
    expect(titles.at(-1)).toBe('Undersköterska');
    expect(await json('/api/jobs/categories')).toEqual([
      'Administration, ekonomi, juridik',
      'Data/IT',
      'Försäljning, inköp, marknadsföring',
      'Hälso- och sjukvård',
      'Transport',
    ]);
    expect(await json('/api/jobs/extents')).toEqual(['Deltid', 'Heltid']);
    expect(await json('/api/jobs/forms')).toEqual(['Behovsanställning', 'Vanlig anställning']);
  });

  it('lists the latest jobs, ten by default, newest first', async () => {
    const latest = await json<{ _id: string }[]>('/api/jobs/latest');
    expect(latest.map((entry) => entry._id)).toEqual([
      'a1',
      'a2',
      'a3',
      'b1',
      'b2',
      'c1',
      'd1',
      'e1',
      'e2',
      'e3',
    ]);
    expect(await json<unknown[]>('/api/jobs/latest?limit=2')).toHaveLength(2);
    expect(await json<unknown[]>('/api/jobs/latest?limit=1000000')).toHaveLength(12);
    expect((await t.app.inject('/api/jobs/latest?limit=x')).statusCode).toBe(400);
  });

  it('suggests up to 8 locations, categories and titles containing the text', async () => {
    expect(await json('/api/jobs/suggestions?q=g%C3%B6te')).toEqual(['Göteborg']);
    expect(await json('/api/jobs/suggestions?q=UTVECKLARE')).toEqual(['Javautvecklare']);
    expect(await json('/api/jobs/suggestions?q=goteborg')).toEqual(['Göteborg']);
    // Locations before categories before titles when they match equally well.
    expect(await json('/api/jobs/suggestions?q=st')).toEqual(
      expect.arrayContaining(['Stockholm', 'Distans', 'Supporttekniker på distans']),
    );
    const many = await json<string[]>('/api/jobs/suggestions?q=a');
    expect(many).toHaveLength(8);
    expect(new Set(many.map((value) => value.toLowerCase())).size).toBe(8);
    expect(await json('/api/jobs/suggestions?q=')).toEqual([]);
    expect(await json('/api/jobs/suggestions?q=xyz')).toEqual([]);
    expect((await t.app.inject(`/api/jobs/suggestions?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('documents the search and job routes in OpenAPI', async () => {
    const { paths } = await json<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    for (const path of [
      '/api/jobs/',
      '/api/jobs/{id}',
      '/api/jobs/stats',
      '/api/jobs/suggestions',
      '/api/search/multi-search',
      '/api/search/indexes/{uid}/facet-search',
      '/api/config',
    ]) {
      expect(Object.keys(paths), path).toContain(path);
    }
    expect(JSON.stringify(paths['/api/search/multi-search'])).toContain('attributesToHighlight');
  });

  it('answers GET /api/config with what the web app needs', async () => {
    const response = await get('/api/config');
    expect(response.json()).toEqual({
      siteName: t.config.siteName,
      contactEmail: t.config.contactEmail,
      searchIndex: t.config.meiliIndex,
      analyticsUrl: null,
    });
    expect(response.headers['cache-control']).toMatch(/^public/);
  });
});
