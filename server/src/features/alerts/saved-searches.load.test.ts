import { randomBytes } from 'node:crypto';
import { MAX_SAVED_SEARCHES } from '@jobbportalen/contracts';
import { ensureJobsIndex, openSearchEngine, type SearchEngine } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import type { MultiSearchParams } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrive, freshAd, PUBLIC_URL } from './alerts.test-helper.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A made-up word of 12 letters: far enough from any other (typo tolerance) to match only itself. */
const madeUpWord = () =>
  Array.from(randomBytes(12), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

/**
 * The run's real Meilisearch, its multi-search wrapped to count what reaches it: the calls, and
 * the new-count searches in them (the only searches with a first-seen filter). Nothing is mocked:
 * every search is passed on and answered by Meilisearch.
 */
async function countingSearchEngine(url: string, apiKey: string) {
  const engine = await openSearchEngine({ dataDir: '', meiliUrl: url, meiliMasterKey: apiKey });
  const counted = { calls: 0, newCountSearches: 0 };
  for (const { client } of engine.replicas) {
    const multiSearch = client.multiSearch.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.multiSearch = ((params: MultiSearchParams, ...rest: unknown[]) => {
      const newCounts = params.queries.filter((query) =>
        (query.filter as string[] | undefined)?.some((part) => part.startsWith('firstSeenTs >')),
      );
      if (newCounts.length > 0) {
        counted.calls += 1;
        counted.newCountSearches += newCounts.length;
      }
      return multiSearch(params, ...rest);
    }) as typeof client.multiSearch;
  }
  return { engine, counted };
}

describe.each(testDatabaseKinds())('saved-search lists under load on %s', (kind) => {
  const shared = testSearch('savedload');
  let engine: SearchEngine;
  let counted: { calls: number; newCountSearches: number };
  let t: TestApp;

  beforeAll(async () => {
    ({ engine, counted } = await countingSearchEngine(shared.url, shared.apiKey));
    await ensureJobsIndex(engine.client, shared.indexUid);
    t = await buildTestApp(kind, {
      search: engine,
      env: {
        ...RELAXED_RATE_LIMITS,
        PUBLIC_URL,
        ALERTS_SCHEDULER: 'false',
        MEILI_INDEX: shared.indexUid,
        // Far longer than the test: only a searchable change (the generation) can renew a count.
        SEARCH_CACHE_MS: '3600000',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await engine?.client.deleteIndexIfExists(shared.indexUid).catch(() => undefined);
  });

  const request = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  const list = async (user: TestUser) => {
    const response = await request(user, 'GET', '/api/saved-searches');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ savedSearches: { id: string; query: { search: string }; newCount: number }[] }>()
      .savedSearches;
  };
  /** New-count per search text, and what listing them cost Meilisearch. */
  const listCounts = async (user: TestUser) => {
    const before = { ...counted };
    const counts = Object.fromEntries((await list(user)).map((s) => [s.query.search, s.newCount]));
    return {
      counts,
      multiSearchCalls: counted.calls - before.calls,
      searches: counted.newCountSearches - before.newCountSearches,
    };
  };

  it(`counts ${MAX_SAVED_SEARCHES} saved searches in one multi-search, then from the cache until a change is searchable`, async () => {
    const user = await createUser(t);
    const words = Array.from({ length: MAX_SAVED_SEARCHES }, madeUpWord);
    const ids: Record<string, string> = {};
    for (const search of words) {
      const saved = await request(user, 'POST', '/api/saved-searches', { query: { search }, alert: 'off' });
      expect(saved.statusCode, saved.body).toBe(201);
      ids[search] = saved.json<{ id: string }>().id;
    }
    const zero = Object.fromEntries(words.map((word) => [word, 0]));
    // firstSeenTs is whole seconds: an ad must come in a later second than the searches were saved.
    await sleep(1100);
    await arrive(t, [freshAd(`lastord-a-${kind}`, { title: words[0] })]);

    // The change is searchable: every count is asked afresh, all in one multi-search…
    expect(await listCounts(user)).toEqual({
      counts: { ...zero, [words[0]!]: 1 },
      multiSearchCalls: 1,
      searches: MAX_SAVED_SEARCHES,
    });
    // …and then kept: listing again and again asks Meilisearch nothing.
    for (let i = 0; i < 3; i++) {
      expect(await listCounts(user)).toEqual({
        counts: { ...zero, [words[0]!]: 1 },
        multiSearchCalls: 0,
        searches: 0,
      });
    }

    // Opened, a search counts from a new moment: only its count is asked, the rest are kept.
    expect((await request(user, 'POST', `/api/saved-searches/${ids[words[0]!]}/open`)).statusCode).toBe(200);
    expect(await listCounts(user)).toEqual({ counts: zero, multiSearchCalls: 1, searches: 1 });

    // Another change, searchable: no count from before it is given out again.
    await sleep(1100);
    await arrive(t, [freshAd(`lastord-b-${kind}`, { title: words[5] })]);
    expect(await listCounts(user)).toEqual({
      counts: { ...zero, [words[5]!]: 1 },
      multiSearchCalls: 1,
      searches: MAX_SAVED_SEARCHES,
    });
  });

  it('gives a saved search saved again (or changed) the count the list has, without searching again', async () => {
    const user = await createUser(t);
    const saved = await request(user, 'POST', '/api/saved-searches', {
      query: { search: 'omsparad' },
      alert: 'off',
    });
    const id = saved.json<{ id: string }>().id;
    const before = { ...counted };
    const again = await request(user, 'POST', '/api/saved-searches', {
      query: { search: 'omsparad' },
      name: 'Samma sökning',
      alert: 'daily',
    });
    expect(again.statusCode).toBe(200);
    const renamed = await request(user, 'PATCH', `/api/saved-searches/${id}`, { name: 'Nytt namn' });
    expect(renamed.json()).toMatchObject({ id, name: 'Nytt namn', newCount: 0 });
    expect(counted.newCountSearches - before.newCountSearches).toBe(0);
  });

  it('refuses an account past its limit with 429, while another account from the same address goes on', async () => {
    const limit = t.config.rateLimits.savedSearchesPerAccount;
    // The default: far more than a person loading the dashboard, saving and renaming.
    expect(limit).toBe(60);
    const flooder = await createUser(t);
    const person = await createUser(t);
    for (let i = 0; i < limit; i++) {
      expect((await request(flooder, 'GET', '/api/saved-searches')).statusCode, `list ${i + 1}`).toBe(200);
    }
    const refused = await request(flooder, 'GET', '/api/saved-searches');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^För många försök\. Vänta \d+ sekunder och försök igen\.$/),
      error: expect.any(String),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // One budget for the routes that count: saving (and changing) is refused too…
    const save = await request(flooder, 'POST', '/api/saved-searches', {
      query: { search: 'x' },
      alert: 'off',
    });
    expect(save.statusCode).toBe(429);

    // …while the limit is the flooder's alone: inject sends every request from one address.
    expect(await list(person)).toEqual([]);
    const saved = await request(person, 'POST', '/api/saved-searches', {
      query: { search: 'gränsen' },
      alert: 'off',
    });
    expect(saved.statusCode).toBe(201);
  });
});
