import { Writable } from 'node:stream';
import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchEngine } from '@jobbportalen/storage';
import { type NormalizedJob, classifyFeedRecord } from '@jobbportalen/indexer';
import { generateAd } from '@jobbportalen/feed-simulator';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { seedJobs } from '@jobbportalen/test-support/jobs';

const simulatorJobs = (count: number): NormalizedJob[] =>
  Array.from({ length: count }, (_, index) => {
    const record = classifyFeedRecord(generateAd(index, 1));
    if (record.kind !== 'ad') throw new Error(`ad ${index} is ${record.kind}`);
    return record.ad;
  });

describe('search proxy for instant-meilisearch', () => {
  let t: TestApp;
  let base: string;
  let index: string;

  const post = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { 'content-type': 'application/json' },
    });
  const multi = (query: Record<string, unknown>) =>
    post('/api/search/multi-search', { queries: [{ indexUid: index, ...query }] });

  /** The app's log (info and up), parsed line by line. */
  const log: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    t = await buildTestApp('pglite', { env: { LOG_LEVEL: 'info' }, logStream });
    index = t.config.meiliIndex;
    await seedJobs(t, simulatorJobs(300));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `${address}/api/search`;
  });
  afterAll(() => t?.close());

  it('serves the real instant-meilisearch client: hits, highlights, facets and pagination', async () => {
    const { searchClient } = instantMeiliSearch(base, '', { finitePagination: true });
    const { results } = await searchClient.search([
      {
        indexName: index,
        params: {
          query: 'utvecklare',
          facets: ['mainCategory', 'location'],
          facetFilters: [['mainCategory:IT']],
          hitsPerPage: 5,
          page: 0,
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
        },
      },
    ]);
    const result = results[0]!;
    expect(result.hits).toHaveLength(5);
    expect(result.nbHits).toBeGreaterThan(5);
    for (const hit of result.hits as { mainCategory: string; _highlightResult: unknown }[]) {
      expect(hit.mainCategory).toBe('IT');
      expect(JSON.stringify(hit._highlightResult)).toContain('<mark>');
    }
    expect(result.facets?.mainCategory?.IT).toBe(result.nbHits);
  });

  it('serves sorting by index name and infinite (limit/offset) pagination', async () => {
    const { searchClient } = instantMeiliSearch(base, '');
    const { results } = await searchClient.search([
      { indexName: `${index}:publishedTs:desc`, params: { query: '', hitsPerPage: 20, page: 1 } },
    ]);
    const published = (results[0]!.hits as { publishedTs: number }[]).map((hit) => hit.publishedTs);
    expect(published).toHaveLength(20);
    expect([...published].sort((a, b) => b - a)).toEqual(published);
  });

  it('serves facet search (searchForFacetValues)', async () => {
    const { searchClient } = instantMeiliSearch(base, '');
    const [answer] = await searchClient.searchForFacetValues!([
      { indexName: index, params: { facetName: 'location', facetQuery: 'stock', query: '' } },
    ] as never);
    expect(answer!.facetHits.map((hit: { value: string }) => hit.value)).toContain('Stockholm');
  });

  it('passes Meilisearch’s answer through unchanged and never shows the key', async () => {
    const body = { queries: [{ indexUid: index, q: 'sjuksköterska', limit: 3, facets: ['location'] }] };
    const viaProxy = await post('/api/search/multi-search', body);
    expect(viaProxy.statusCode).toBe(200);
    expect(viaProxy.headers['content-type']).toMatch(/^application\/json/);
    const direct = await t.search.client.multiSearch(body);
    const withoutTimes = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value, (key, inner: unknown) => (key === 'processingTimeMs' ? undefined : inner)),
      );
    expect(withoutTimes(viaProxy.json())).toEqual(withoutTimes(direct));
    expect(viaProxy.body).not.toContain(t.search.apiKey);
  });

  it('refuses other indexes', async () => {
    const other = await post('/api/search/multi-search', { queries: [{ indexUid: 'secret', q: '' }] });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const facet = await post('/api/search/indexes/secret/facet-search', { facetName: 'location' });
    expect(facet.statusCode).toBe(403);
  });

  it('refuses unknown parameters, federation and what is over the caps', async () => {
    const refused: [string, Record<string, unknown>][] = [
      ['unknown parameter', { q: 'a', showRankingScoreDetails: true }],
      ['vector', { q: 'a', vector: [1, 2] }],
      ['hybrid', { q: 'a', hybrid: { embedder: 'x' } }],
      ['limit', { limit: 1000 }],
      ['hitsPerPage', { hitsPerPage: 101 }],
      ['offset', { offset: 10_001 }],
      ['long q', { q: 'x'.repeat(201) }],
      ['long filter', { filter: `location = "${'x'.repeat(2_100)}"` }],
      ['many conditions', { filter: Array.from({ length: 51 }, (_, i) => `vacancies = ${i}`).join(' OR ') }],
      [
        'long IN list',
        { filter: `location IN [${Array.from({ length: 60 }, (_, i) => `"c${i}"`).join(', ')}]` },
      ],
      ['filter of wrong type', { filter: { location: 'x' } }],
      ['facet outside the job search', { q: '', facets: ['location', 'company'] }],
      ['searched field outside the title', { q: 'a', attributesToSearchOn: ['description'] }],
    ];
    for (const [why, query] of refused) {
      const response = await multi(query);
      expect(response.statusCode, why).toBe(400);
      expect(response.json(), why).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const federated = await post('/api/search/multi-search', {
      federation: {},
      queries: [{ indexUid: index, q: 'a' }],
    });
    expect(federated.statusCode).toBe(400);
    const tooMany = await post('/api/search/multi-search', {
      queries: Array.from({ length: 11 }, () => ({ indexUid: index, q: 'a' })),
    });
    expect(tooMany.statusCode).toBe(400);
    const titleFacet = await post(`/api/search/indexes/${index}/facet-search`, { facetName: 'title' });
    expect(titleFacet.statusCode).toBe(400);
    expect(titleFacet.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'facetName' } });
    const facetExtra = await post(`/api/search/indexes/${index}/facet-search`, {
      facetName: 'location',
      bogus: 1,
    });
    expect(facetExtra.statusCode).toBe(400);
  });

  it('turns a filter or facet Meilisearch rejects into a 400 in our format', async () => {
    for (const filter of ['location = (', 'description = "x"', 'nosuch > 3']) {
      const response = await multi({ q: '', filter });
      expect(response.statusCode, filter).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'filter' } });
    }
    const sort = await multi({ q: '', sort: ['description:asc'] });
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'sort' } });
    const facet = await post(`/api/search/indexes/${index}/facet-search`, { facetName: 'description' });
    expect(facet.statusCode).toBe(400);
  });

  it("answers a filter on an attribute that is not filterable in Swedish, with Meilisearch's reason in the log only", async () => {
    const message = 'Sökningen har ett filter som inte går att använda.';
    const response = await multi({ q: '', filter: 'description = "x"' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      error: message,
      details: { field: 'filter' },
    });
    // Not the engine, its English, nor the index's attribute lists.
    expect(response.body).not.toMatch(/meili|filterable|attribute|mainCategory|employmentType/i);

    const refusals = log.filter((line) => line.msg === 'search proxy: Meilisearch refused the search');
    expect(refusals.at(-1)).toMatchObject({
      status: 400,
      code: 'invalid_search_filter',
      reason: expect.stringMatching(/filterable/),
    });
  });

  it('accepts the largest allowed request', async () => {
    const response = await multi({
      q: 'x'.repeat(200),
      limit: 101,
      offset: 10_000,
      filter: [Array.from({ length: 25 }, (_, i) => `vacancies = ${i}`), 'mainCategory = IT'],
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('search proxy limits and outages', () => {
  it('answers 503 in our format when Meilisearch is down', async () => {
    const down = await openSearchEngine({ dataDir: '', meiliUrl: 'http://127.0.0.1:9', meiliMasterKey: 'x' });
    const t = await buildTestApp('pglite', { search: down });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/search/multi-search',
        payload: { queries: [{ indexUid: t.config.meiliIndex, q: 'a' }] },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      for (const url of [
        '/api/jobs',
        '/api/jobs/stats',
        '/api/jobs/city-counts',
        '/api/jobs/123',
        '/api/jobs/suggestions?q=a',
      ]) {
        const jobs = await t.app.inject(url);
        expect(jobs.statusCode, url).toBe(503);
        expect(jobs.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      await t.close();
    }
  });

  it('limits searches per IP (429 with our error format)', async () => {
    const t = await buildTestApp('pglite');
    try {
      const send = () =>
        t.app.inject({ method: 'POST', url: '/api/search/multi-search', payload: { queries: [] } });
      for (let i = 0; i < 300; i++) expect((await send()).statusCode).toBe(400);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await t.close();
    }
  });
});
