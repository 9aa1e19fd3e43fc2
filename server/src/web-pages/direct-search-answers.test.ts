// A search page's answers about its search — the filter counts and 'Visa även …' — are given to
// its render by direct service calls, read as their routes read them (the JobsQuery schema, its
// coercion and lists included): body for body what the API answers, without an in-process
// request. A query the schema refuses is still asked of the route, for its Swedish 400.
import { PAGE_ANSWER_PATHS, type PageAnswer } from '@jobbportalen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { writeTestWebBuild } from './test-web-build.test-helper.js';

/** The answers a rendered page carries in its JSON script, by path. */
function pageAnswers(html: string): Record<string, PageAnswer> {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('the page has no page data');
  return (JSON.parse(json) as { answers: Record<string, PageAnswer> }).answers;
}

describe.each(testDatabaseKinds())('a search page’s answers about its search on %s', (kind) => {
  let t: TestApp;
  const web = writeTestWebBuild(`directSearchAnswers_${kind}`);

  beforeAll(async () => {
    t = await buildTestApp(kind, { webRoot: web.webRoot });
    await seedJobs(t, [
      normalizedJob('svets-gavle', { title: 'Svetsare', occupation: 'Svetsare', location: 'Gävle' }),
      normalizedJob('svets-remote', {
        title: 'Svetsare på distans',
        occupation: 'Svetsare',
        location: 'Distans',
        remote: true,
        experienceRequired: false,
      }),
      normalizedJob('lager-gavle', {
        title: 'Lagerarbetare',
        descriptionHtml: '<p>Vi söker en svetsare till lagret.</p>',
        descriptionText: 'Vi söker en svetsare till lagret.',
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  /** What `make` returns, and the API paths the server asked of its own routes meanwhile. */
  async function recordingRoutedCalls<T>(make: () => Promise<T>): Promise<{ result: T; routed: string[] }> {
    const routed: string[] = [];
    const inject = t.app.inject.bind(t.app);
    t.app.inject = ((options: { url?: string }) => {
      if (typeof options === 'object' && options.url?.startsWith('/api/')) routed.push(options.url);
      return inject(options as never);
    }) as typeof t.app.inject;
    try {
      return { result: await make(), routed };
    } finally {
      t.app.inject = inject;
    }
  }

  it('are the API’s own answers, given without asking the routes', async () => {
    const paths = [
      PAGE_ANSWER_PATHS.filterCounts(''),
      PAGE_ANSWER_PATHS.filterCounts('search=svetsare&city=G%C3%A4vle'),
      // Lists and coerced values, as the routes take them.
      PAGE_ANSWER_PATHS.filterCounts('published=30&remote=true&experience=false'),
      PAGE_ANSWER_PATHS.filterCounts(
        'field=Transport&field=Tillverkning+och+produktion&region=G%C3%A4vleborgs+l%C3%A4n',
      ),
      PAGE_ANSWER_PATHS.alsoMentions('search=svetsare'),
      // Read by the schema, refused by the service (a place it does not know): the same 400.
      PAGE_ANSWER_PATHS.filterCounts('near=Atlantis'),
    ];
    const { result: page, routed } = await recordingRoutedCalls(() =>
      t.app.inject({
        method: 'GET',
        url: `/jobb?search=svetsare&${paths.map((path) => `svar=${encodeURIComponent(path)}`).join('&')}`,
        headers: { accept: 'text/html' },
      }),
    );
    expect(page.statusCode).toBe(200);
    const answers = pageAnswers(page.body);
    for (const path of paths) {
      const api = await t.app.inject({ method: 'GET', url: path });
      expect(answers[path], path).toEqual({ status: api.statusCode, body: api.json() });
    }
    // The ad found counts in its field; the remote one is elsewhere.
    expect(answers[paths[1]!]!.body).toMatchObject({ occupationFields: { Transport: 1 }, remote: 0 });
    expect(answers[paths[4]!]!.body).toMatchObject({ words: ['svetsare'], totalHits: 1 });
    expect(answers[paths[5]!]!.status).toBe(400);
    // Only the page's own search (the test renderer asks /api/jobs) went through a route.
    expect(routed.filter((url) => url.split('?')[0] !== '/api/jobs')).toEqual([]);
  });

  it('leaves a query the schema refuses to the route, whose 400 names the parameter in Swedish', async () => {
    const refused = PAGE_ANSWER_PATHS.filterCounts('published=2');
    const page = await t.app.inject({
      method: 'GET',
      url: `/jobb?svar=${encodeURIComponent(refused)}`,
      headers: { accept: 'text/html' },
    });
    const api = await t.app.inject({ method: 'GET', url: refused });
    expect(api.statusCode).toBe(400);
    expect(pageAnswers(page.body)[refused]).toEqual({ status: 400, body: api.json() });
  });

  it('asks its search of the proxy directly: the bytes the proxy’s route gives, refusals included', async () => {
    const search = {
      queries: [
        { indexUid: t.config.meiliIndex, q: 'svetsare', facets: ['location'], hitsPerPage: 20, page: 1 },
      ],
    };
    const { result: page, routed } = await recordingRoutedCalls(() =>
      t.app.inject({
        method: 'GET',
        url: `/jobb?sok=${encodeURIComponent(JSON.stringify(search))}`,
        headers: { accept: 'text/html' },
      }),
    );
    expect(page.statusCode).toBe(200);
    expect(routed.filter((url) => url.startsWith('/api/search'))).toEqual([]);
    const proxied = await t.app.inject({ method: 'POST', url: '/api/search/multi-search', payload: search });
    expect(proxied.statusCode).toBe(200);
    const answer = pageAnswers(page.body).search as unknown as {
      results: Array<{ hits: Array<{ id: string }> }>;
    };
    // The same answer (Meilisearch's own timing aside: the question may have been asked again).
    const untimed = (body: unknown) =>
      (body as { results: Array<Record<string, unknown>> }).results.map(
        ({ processingTimeMs: _ms, ...result }) => result,
      );
    expect(untimed(answer)).toEqual(untimed(proxied.json()));
    expect(answer.results[0]!.hits.map((hit) => hit.id).sort()).toEqual([
      'lager-gavle',
      'svets-gavle',
      'svets-remote',
    ]);

    // An index that is not the public one: the proxy's own 403, and the page is not the
    // visitor's to share (the test renderer fails on it, so the app's shell is sent).
    const other = { queries: [{ ...search.queries[0]!, indexUid: 'users' }] };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/search/multi-search', payload: other })).statusCode,
    ).toBe(403);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/jobb?sok=${encodeURIComponent(JSON.stringify(other))}`,
      headers: { accept: 'text/html' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).not.toContain('id="page-data"');
  });
});
