import type { AlgoliaMultipleQueriesQuery } from '@meilisearch/instant-meilisearch';
import { describe, expect, it } from 'vitest';
import { createJobsSearchClient } from './search-client';

interface SentQuery {
  indexUid: string;
  q?: string;
  facets?: string[];
  attributesToRetrieve?: string[];
}

/** A search client whose requests are written down and answered with one hit per query. */
function recordingClient() {
  const sent: SentQuery[][] = [];
  const httpClient = (_url: string | URL | Request, init?: RequestInit): Promise<unknown> => {
    const { queries } = JSON.parse(String(init?.body)) as { queries: SentQuery[] };
    sent.push(queries);
    return Promise.resolve({
      results: queries.map((query) => ({
        indexUid: query.indexUid,
        hits: [{ id: 'a1', title: 'Lagerarbetare' }],
        query: query.q ?? '',
        processingTimeMs: 1,
        hitsPerPage: 20,
        page: 1,
        totalHits: 1,
        totalPages: 1,
        facetDistribution: { location: { Uppsala: 1 } },
      })),
    });
  };
  const client = createJobsSearchClient('http://jobbportalen.test/api/search', async () => null, httpClient);
  const search = (requests: AlgoliaMultipleQueriesQuery[]) =>
    (client.search as unknown as (requests: AlgoliaMultipleQueriesQuery[]) => Promise<unknown>)(requests);
  return { sent, search };
}

describe('the job search client', () => {
  it('sends only the page’s own searches: the library’s look at the whole index is answered locally', async () => {
    const { sent, search } = recordingClient();
    const request = {
      indexName: 'jobs',
      params: { query: '', facets: ['location', 'extent'], hitsPerPage: 20, page: 0 },
    };
    const results = (await search([request])) as { results: Array<{ nbHits: number; hits: unknown[] }> };

    // One request, with the page's search (text, the result fields); before, another one went
    // first, with no text, no filter and 20 whole ads.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(1);
    expect(sent[0]![0]).toMatchObject({ indexUid: 'jobs', q: '' });
    expect(sent[0]![0]!.attributesToRetrieve).toContain('title');
    // The menus' attributes are facets to InstantSearch, but the page shows no facet values:
    // Meilisearch is not asked to count them.
    expect(sent[0]![0]).not.toHaveProperty('facets');
    expect(results.results[0]).toMatchObject({ nbHits: 1 });
    expect(results.results[0]!.hits).toHaveLength(1);

    // A later search of the same client is sent as it is.
    await search([{ ...request, params: { ...request.params, query: 'lager' } }]);
    expect(sent).toHaveLength(2);
    expect(sent[1]![0]).toMatchObject({ q: 'lager' });
  });

  it('answers the search for a chosen menu’s other values itself: the page shows no facet values', async () => {
    const { sent, search } = recordingClient();
    // As InstantSearch asks with 'Ort' chosen: the page's search, then the menu's values without it.
    const page = {
      indexName: 'jobs',
      params: {
        query: 'lager',
        facets: ['location'],
        facetFilters: [['location:Uppsala']],
        hitsPerPage: 20,
        page: 0,
      },
    };
    const menuValues = {
      indexName: 'jobs',
      params: { query: 'lager', facets: ['location'], hitsPerPage: 0, page: 0 },
    };
    const results = (await search([page, menuValues])) as {
      results: Array<{ nbHits: number; hits: unknown[]; facets?: object }>;
    };

    // One query sent, the page's own; an answer for each request, in their order.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(1);
    expect(sent[0]![0]).toMatchObject({ q: 'lager', filter: [['"location"="Uppsala"']] });
    expect(results.results).toHaveLength(2);
    expect(results.results[0]).toMatchObject({ nbHits: 1 });
    expect(results.results[1]).toMatchObject({ nbHits: 0, hits: [], facets: {} });
  });
});
