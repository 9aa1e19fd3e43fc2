import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';

interface Page {
  jobs: { _id: string; title: string; location: string; description: string; descriptionHtml: string }[];
  totalHits: number;
  totalPages: number;
  page: number;
  limit: number;
  appliedFilters: Record<string, string | null>;
}

const fillers = Array.from({ length: 30 }, (_, i) =>
  normalizedJob(`fill-${i}`, { title: `Truckförare ${i}`, location: 'Örebro', ageDays: 10 + i }),
);

describe.each(testDatabaseKinds())('GET /api/jobs on %s', (kind) => {
  let t: TestApp;
  const get = async (query: string) => {
    const response = await t.app.inject(`/api/jobs${query}`);
    return { status: response.statusCode, body: response.json() as Page };
  };
  const ids = (page: Page) => page.jobs.map((job) => job._id);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(t, [
      normalizedJob('java', {
        title: 'Javautvecklare',
        mainCategory: 'IT',
        location: 'Göteborg',
        ageDays: 0.1,
      }),
      normalizedJob('senior', {
        title: 'Senior utvecklare till Kodbolaget',
        mainCategory: 'IT',
        location: 'Stockholm',
        ageDays: 0.2,
      }),
      normalizedJob('nurse', {
        title: 'Sjuksköterska till vårdcentral',
        mainCategory: 'Vård',
        location: 'Malmö',
        extent: 'Deltid',
        ageDays: 0.3,
      }),
      normalizedJob('seller', {
        title: 'Butikssäljare',
        mainCategory: 'Sälj',
        location: 'Göteborg',
        form: 'Behovsanställning',
        ageDays: 0.4,
      }),
      normalizedJob('lagerchef', {
        title: 'Lagerchef',
        location: 'Uppsala',
        descriptionText: 'Du samarbetar med våra utvecklare varje dag.',
        ageDays: 0.5,
      }),
      normalizedJob('quote', { title: 'Kock', location: 'Sankt "Quote" by', ageDays: 0.6 }),
      ...fillers,
    ]);
  });
  afterAll(() => t?.close());

  it('pages 20 jobs at a time, newest first when there is no search text', async () => {
    const first = await get('');
    expect(first.status).toBe(200);
    expect(first.body.jobs).toHaveLength(20);
    expect(first.body).toMatchObject({ totalHits: 36, totalPages: 2, page: 1, limit: 20 });
    expect(ids(first.body).slice(0, 3)).toEqual(['java', 'senior', 'nurse']);
    const second = await get('?page=2');
    expect(second.body.jobs).toHaveLength(16);
    expect(ids(second.body).at(-1)).toBe('fill-29');
  });

  it('answers jobs with _id and the spec field names, a short description and no HTML in lists', async () => {
    const { body } = await get('?search=lagerchef');
    expect(body.jobs[0]).toMatchObject({
      _id: 'lagerchef',
      title: 'Lagerchef',
      company: 'Testbolaget AB',
      employer: 'Testbolaget AB',
      location: 'Uppsala',
      category: 'Transport',
      extent: 'Heltid',
      form: 'Vanlig anställning',
      description: 'Du samarbetar med våra utvecklare varje dag.',
      descriptionHtml: '',
      applicationUrl: 'https://example.se/jobb/lagerchef',
      vacancies: 1,
    });
    expect(body.jobs[0]).toHaveProperty('lastDate');
  });

  it('finds compound titles by their head word, and an ad whose text names the occupation only when asked', async () => {
    expect(ids((await get('?search=utvecklare')).body).sort()).toEqual(['java', 'senior']);
    expect(ids((await get('?search=utvecklare&titleOnly=true')).body).sort()).toEqual(['java', 'senior']);
    expect(ids((await get('?search=utvecklare&alsoMentions=true')).body).sort()).toEqual([
      'java',
      'lagerchef',
      'senior',
    ]);
    // Searched as typed, the word is found wherever it stands.
    expect(ids((await get('?search=utvecklare&exact=true')).body).sort()).toEqual([
      'java',
      'lagerchef',
      'senior',
    ]);
  });

  it('filters on main category, city, extent and form', async () => {
    expect(ids((await get('?mainCategory=IT')).body)).toEqual(['java', 'senior']);
    expect(ids((await get('?city=G%C3%B6teborg')).body)).toEqual(['java', 'seller']);
    expect(ids((await get('?city=G%C3%B6teborg&mainCategory=S%C3%A4lj')).body)).toEqual(['seller']);
    expect(ids((await get('?extent=Deltid')).body)).toEqual(['nurse']);
    expect(ids((await get('?form=Behovsanst%C3%A4llning')).body)).toEqual(['seller']);
    expect(ids((await get('?search=utvecklare&city=Stockholm')).body)).toEqual(['senior']);
  });

  it('treats a search text naming a city or main category as that filter', async () => {
    for (const text of ['G%C3%B6teborg', 'g%C3%B6teborg', 'GOTEBORG']) {
      const { body } = await get(`?search=${text}`);
      expect(body.appliedFilters).toMatchObject({ search: null, city: 'Göteborg' });
      expect(ids(body)).toEqual(['java', 'seller']);
    }
    const category = await get('?search=it');
    expect(category.body.appliedFilters).toMatchObject({ search: null, mainCategory: 'IT' });
    expect(ids(category.body)).toEqual(['java', 'senior']);
    // With another city chosen the text stays a text.
    const other = await get('?search=G%C3%B6teborg&city=Malm%C3%B6');
    expect(other.body.appliedFilters).toMatchObject({ search: 'Göteborg', city: 'Malmö' });
  });

  it('clamps page and limit instead of failing', async () => {
    expect((await get('?page=0')).body.page).toBe(1);
    const huge = await get('?page=1000000000');
    expect(huge.status).toBe(200);
    expect(huge.body).toMatchObject({ page: 500, jobs: [] });
    const wide = await get('?limit=1000000');
    expect(wide.body).toMatchObject({ limit: 100, totalPages: 1 });
    expect(wide.body.jobs).toHaveLength(36);
    expect((await get('?limit=-5')).body.limit).toBe(1);
    expect((await get('?limit=7&page=1000000')).body.page).toBe(Math.ceil(10_000 / 7));
  });

  it('refuses what it cannot read with a 400 in the error format, never a 500', async () => {
    for (const query of [
      '?mainCategory=Bygg',
      '?page=abc',
      '?search=a&search=b',
      '?city=a&city=b',
      `?search=${'x'.repeat(10_000)}`,
      '?titleOnly=kanske',
    ]) {
      const response = await t.app.inject(`/api/jobs${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    }
  });

  it('keeps quotes and backslashes in filter values from breaking the filter', async () => {
    const quoted = await get(`?city=${encodeURIComponent('Sankt "Quote" by')}`);
    expect(quoted.status).toBe(200);
    expect(ids(quoted.body)).toEqual(['quote']);
    const odd = await get(
      `?city=${encodeURIComponent('a\\" OR location EXISTS')}&extent=${encodeURIComponent('\\')}`,
    );
    expect(odd.status).toBe(200);
    expect(odd.body.totalHits).toBe(0);
  });
});
