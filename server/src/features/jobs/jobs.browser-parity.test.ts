/**
 * One URL, one search: the same questions asked of /api/jobs and of the job browser's own
 * InstantSearch path — the web's URL reading, entry rule, state mapping, title-only connector and
 * search client, run by instantsearch.js against our /api/search proxy — give the same ads in the
 * same order. Saved searches and alerts re-run on the server what a person saw in the browser.
 */
import {
  JOB_FILTER_ATTRIBUTES,
  JOB_PAGE_SIZE,
  needsKnownCities,
  type QueryRules,
} from '@jobbportalen/contracts';
import { generateAd } from '@jobbportalen/feed-simulator';
import instantsearch from 'instantsearch.js/es/index.js';
import {
  connectConfigure,
  connectHits,
  connectMenu,
  connectPagination,
  connectSearchBox,
} from 'instantsearch.js/es/connectors/index.js';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NormalizedJob, classifyFeedRecord } from '@jobbportalen/indexer';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { judgedQueryString } from './relevance/full-path.js';
import type { JudgedQuery } from './relevance/judge.js';
/* eslint-disable no-restricted-imports -- this test runs the web's own search path against the server; web is an app with no package entry */
import { createJobsStateMapping } from '../../../../web/src/features/jobs/jobs-state-mapping.js';
import { parseJobsQuery, resolveEntryRoute } from '../../../../web/src/lib/jobs-url-state.js';
import { createJobsSearchClient } from '../../../../web/src/features/jobs/search-client.js';
import { connectTitleOnly } from '../../../../web/src/features/jobs/title-only-connector.js';
import { connectJobConditions } from '../../../../web/src/features/jobs/job-conditions-connector.js';
import { connectExact } from '../../../../web/src/features/jobs/exact-connector.js';
/* eslint-enable no-restricted-imports */

const simulatorJobs = (count: number): NormalizedJob[] =>
  Array.from({ length: count }, (_, index) => {
    const record = classifyFeedRecord(generateAd(index, 7));
    if (record.kind !== 'ad') throw new Error(`ad ${index} is ${record.kind}`);
    return record.ad;
  });

// Ads that tell the two readings apart where they used to differ: a compound only the index-time
// terms split ('Javautvecklare'), a city named in another city's ad, places with å/ä/ö.
const HANDMADE = [
  normalizedJob('java', { title: 'Javautvecklare', mainCategory: 'IT', location: 'Göteborg', ageDays: 0.1 }),
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
  normalizedJob('umea', { title: 'Lärare i matematik', location: 'Umeå', ageDays: 0.5 }),
  normalizedJob('vasteras', { title: 'Svetsare', location: 'Västerås', ageDays: 0.6 }),
  normalizedJob('mentions-goteborg', {
    title: 'Lagerchef',
    location: 'Uppsala',
    descriptionText: 'Du samarbetar med våra utvecklare i Göteborg varje vecka.',
    ageDays: 0.7,
  }),
  normalizedJob('quote', { title: 'Kock C# & .NET', location: 'Sankt "Quote" by', ageDays: 0.8 }),
];

// Ads published at known times before the real now (the 'Publicerad' window counts back from it),
// with the feed's yes/no flags and deadlines, so the new filters and orders have something to tell apart.
const HOUR = 3_600_000;
const FRESH = [
  { id: 'fresh-1', hoursAgo: 3, experienceRequired: false, drivingLicenceRequired: false, deadlineDays: 40 },
  { id: 'fresh-2', hoursAgo: 30, experienceRequired: true, drivingLicenceRequired: false, deadlineDays: 3 },
  {
    id: 'fresh-3',
    hoursAgo: 60,
    experienceRequired: false,
    drivingLicenceRequired: true,
    deadlineDays: null,
  },
  {
    id: 'fresh-4',
    hoursAgo: 24 * 5,
    experienceRequired: null,
    drivingLicenceRequired: false,
    deadlineDays: 1,
  },
  {
    id: 'fresh-5',
    hoursAgo: 24 * 20,
    experienceRequired: false,
    drivingLicenceRequired: null,
    deadlineDays: 10,
  },
].map(({ id, hoursAgo, deadlineDays, ...flags }, index) =>
  normalizedJob(id, {
    title: index % 2 === 0 ? 'Utvecklare inom drift' : 'Lagerarbetare',
    mainCategory: index % 2 === 0 ? 'IT' : null,
    location: index === 2 ? 'Distans' : 'Göteborg',
    remote: index === 2,
    publishedAt: new Date(Date.now() - hoursAgo * HOUR),
    lastDate: deadlineDays === null ? null : new Date(Date.now() + deadlineDays * 24 * HOUR),
    ...flags,
  }),
);

/** Query strings of /jobb and /api/jobs alike (all of them valid for the API). */
const QUESTIONS = [
  '',
  'search=utvecklare',
  'search=utvecklare&titleOnly=true',
  'search=Utvecklare&titleOnly=true&page=2',
  'search=utvecklare&titleOnly=true&city=G%C3%B6teborg',
  'search=utvecklare&city=Uppsala',
  'search=utvecklare&titleOnly=true&city=Uppsala',
  'search=utvecklare&page=2',
  'search=utvecklare%20stockholm',
  'search=utveklare',
  'search=sjuksk%C3%B6terska',
  'search=sjukskoterska&titleOnly=true',
  'search=sk%C3%B6terska',
  'search=l%C3%A4rare&titleOnly=false',
  'search=G%C3%B6teborg',
  'search=g%C3%B6teborg',
  'search=Goteborg',
  'search=GOTEBORG&titleOnly=true',
  'search=Ume%C3%A5',
  'search=umea',
  'search=vasteras',
  'search=V%C3%A4ster%C3%A5s',
  'search=vard',
  'search=IT',
  'search=kundservice',
  'search=it&mainCategory=S%C3%A4lj',
  'search=G%C3%B6teborg&city=Malm%C3%B6',
  'search=malmo&city=Malm%C3%B6',
  'mainCategory=IT',
  'mainCategory=IT&city=Stockholm',
  'mainCategory=V%C3%A5rd&extent=Deltid',
  'city=goteborg',
  'city=umea',
  'city=Distans',
  'extent=Deltid',
  'form=Behovsanst%C3%A4llning',
  'extent=Heltid&page=2',
  'extent=Heltid&page=3',
  'page=2',
  'page=99999',
  'page=-4',
  'search=%20%20lagerarbetare%20%20%20i%20%20Uppsala%20',
  'search=C%23%20%26%20.NET',
  'search=%22Quote%22',
  'city=Sankt%20%22Quote%22%20by',
  'search=qwxzyvb',
  'titleOnly=true',
  'foo=bar&search=lagerchef',
  'published=1',
  'published=3',
  'published=7&search=utvecklare',
  'published=30&mainCategory=IT',
  'experience=false',
  'drivingLicence=false&published=30',
  'remote=true',
  'remote=true&search=utvecklare',
  'experience=false&drivingLicence=false&city=G%C3%B6teborg',
  'sort=deadline',
  'sort=deadline&search=utvecklare',
  'sort=deadline&page=2',
  'sort=newest&search=utvecklare',
  'sort=newest&search=utvecklare&titleOnly=true&page=2',
  'sort=relevance&search=lagerarbetare',
  'sort=deadline&experience=false&published=30',
  'near=Uppsala&radiusKm=5',
  'near=uppsala&radiusKm=5&sort=distance',
  'near=Malm%C3%B6&radiusKm=100',
  'near=G%C3%B6teborg&radiusKm=50&sort=distance',
  'near=goteborg&radiusKm=200&sort=distance&page=2',
  'near=57.7087%2C11.9746&radiusKm=100&sort=distance&search=utvecklare',
  'near=Stockholm&radiusKm=200&experience=false&sort=deadline',
  'near=Stockholm&sort=distance&city=Stockholm',
  // Texts typed the way Swedes type them: understood alike on both sides.
  'search=l%C3%A4rarjobb%20ume%C3%A5',
  'search=l%C3%A4rarjobb%20ume%C3%A5&exact=true',
  'search=jobb%20som%20svetsare%20i%20v%C3%A4ster%C3%A5s',
  'search=sjuksk%C3%B6terskejobb%20malm%C3%B6',
  'search=deltidsjobb',
  'search=it-jobb%20g%C3%B6teborg',
  'search=utvecklare%20g%C3%B6teborg&titleOnly=true',
  'search=g%C3%B6teborg&exact=true',
  // Occupation words: searched among the ads' occupations, with 'Visa även …' also in their text.
  'search=utvecklare&city=Uppsala&alsoMentions=true',
  'search=utvecklare&alsoMentions=true&page=2',
  'search=utvecklare&city=Uppsala&exact=true',
  'search=sjuksk%C3%B6terskor',
  'search=sjuks%C3%B6terska%20natt',
  'search=lastbilschauff%C3%B6r',
  'search=java%20utvecklare',
  'search=l%C3%A4rare&extent=Deltid',
  'search=underskoterska&titleOnly=true',
];

interface ApiPage {
  jobs: { _id: string }[];
  totalHits: number;
  appliedFilters: Record<string, string | null>;
}

describe('one search, one meaning: /api/jobs and the job browser agree', () => {
  let t: TestApp;
  let origin: string;
  let knownPlaces: string[] = [];
  let knowledge: { rules?: QueryRules; keptTexts?: string[] } = {};

  beforeAll(async () => {
    // One visitor asks every judged query twice over (the API and the browser): more than a person's
    // limit on searches a minute, which is not what this test is about.
    t = await buildTestApp('pglite', { env: { RATE_LIMIT_SEARCH_PER_IP: '100000' } });
    await seedJobs(t, [...HANDMADE, ...FRESH, ...simulatorJobs(240)]);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // What the browser loads for its place filter and its entry rule (PLACES_PATH).
    knownPlaces = (await t.app.inject('/api/jobs/locations')).json();
    // …and for understanding a typed text (QUERY_RULES_PATH).
    knowledge = (await t.app.inject('/api/jobs/query-rules')).json();
  });
  afterAll(() => t?.close());

  const apiAnswer = async (question: string): Promise<ApiPage> => {
    const response = await t.app.inject(`/api/jobs?${question}`);
    expect(response.statusCode, question).toBe(200);
    return response.json();
  };

  /** What the job browser lists for a /jobb URL, found as the page finds it. */
  async function browserIds(question: string): Promise<string[]> {
    return (await browserAnswer(question)).ids;
  }

  /** The job browser's first page and count ('Visar N jobb') for a /jobb URL. */
  async function browserAnswer(question: string): Promise<{ ids: string[]; total: number }> {
    const entry = parseJobsQuery(question);
    // What loadEntryKnowledge gives the page: places when needed, the rules for a text not exact.
    const withRules = entry.text !== undefined && !entry.exact;
    const route = resolveEntryRoute(entry, {
      places: needsKnownCities(entry) || withRules ? knownPlaces : [],
      ...(withRules ? knowledge : {}),
    });
    const indexName = t.config.meiliIndex;
    const search = instantsearch({
      indexName,
      searchClient: createJobsSearchClient(`${origin}/api/search`, async () =>
        (await fetch(`${origin}/api/jobs/occupation-words`)).json(),
      ),
      initialUiState: createJobsStateMapping(indexName).routeToState(route),
      future: { preserveSharedStateOnUnmount: true },
    });
    const noRendering = () => undefined;
    // The widgets /jobb mounts: Configure, the search box, one menu per filter, pagination,
    // 'Sök endast i titel' and the hits.
    search.addWidgets([
      connectConfigure(noRendering)({ searchParameters: { hitsPerPage: JOB_PAGE_SIZE } }),
      connectSearchBox(noRendering)({}),
      ...Object.values(JOB_FILTER_ATTRIBUTES).map((attribute) =>
        connectMenu(noRendering)({ attribute, limit: 1 }),
      ),
      connectPagination(noRendering)({}),
      connectTitleOnly(noRendering)({}),
      connectJobConditions(noRendering)({}),
      connectExact(noRendering)({}),
      connectHits(noRendering)({}),
    ]);
    const answered = new Promise<void>((resolve, reject) => {
      search.on('error', ({ error }: { error: Error }) => reject(error));
      search.on('render', () => {
        const results = search.mainIndex.getResults() as { __isArtificial?: boolean } | null;
        if (search.status === 'idle' && results && !results.__isArtificial) resolve();
      });
    });
    search.start();
    try {
      await answered;
      const results = search.mainIndex.getResults()!;
      return { ids: (results.hits as { id: string }[]).map((hit) => hit.id), total: results.nbHits };
    } finally {
      search.dispose();
    }
  }

  it.each(QUESTIONS)('?%s', async (question) => {
    const [api, browser] = await Promise.all([apiAnswer(question), browserIds(question)]);
    expect(browser).toEqual(api.jobs.map((job) => job._id));
  });

  it('agrees on every judged query of bench:relevance: the same count and the same first page', async () => {
    const judged = JSON.parse(
      fs.readFileSync(new URL('./relevance/judged-queries.json', import.meta.url), 'utf8'),
    ) as { queries: JudgedQuery[] };
    const questions = judged.queries.map(judgedQueryString);
    const disagreements: string[] = [];
    let withHits = 0;
    // A few at a time: each browser search is a whole InstantSearch.
    for (let at = 0; at < questions.length; at += 8) {
      await Promise.all(
        questions.slice(at, at + 8).map(async (question) => {
          const [api, browser] = await Promise.all([apiAnswer(question), browserAnswer(question)]);
          const apiIds = api.jobs.map((job) => job._id);
          if (api.totalHits > 0) withHits += 1;
          if (browser.total !== api.totalHits || browser.ids.join() !== apiIds.join()) {
            disagreements.push(`${question}: ${browser.total} vs ${api.totalHits}`);
          }
        }),
      );
    }
    expect(disagreements).toEqual([]);
    expect(questions.length).toBeGreaterThanOrEqual(300);
    // Agreeing on empty answers would mean nothing.
    expect(withHits).toBeGreaterThan(questions.length / 2);
    // Some 300 questions, each asked twice: a minute on a quiet machine, more beside other files.
  }, 180_000);

  it('asks questions whose answers differ, so agreeing means something', async () => {
    const answers = await Promise.all(QUESTIONS.map(apiAnswer));
    const lists = answers.map((answer) => answer.jobs.map((job) => job._id).join());
    // Several questions are meant to be the same search ('Goteborg', 'göteborg', 'city=goteborg').
    expect(new Set(lists).size).toBeGreaterThan(QUESTIONS.length / 2);
    expect(QUESTIONS.filter((_question, i) => answers[i]!.jobs.length === 0)).toEqual([
      'search=it&mainCategory=S%C3%A4lj',
      'search=G%C3%B6teborg&city=Malm%C3%B6',
      'page=99999',
      'search=qwxzyvb',
      // Exactly as typed, no ad says 'lärarjobb'.
      'search=l%C3%A4rarjobb%20ume%C3%A5&exact=true',
    ]);

    const byQuestion = new Map(QUESTIONS.map((question, i) => [question, answers[i]!]));
    // 'Sök endast i titel' finds compounds by their parts, and leaves out descriptions.
    const ids = (question: string) => byQuestion.get(question)!.jobs.map((job) => job._id);
    expect(ids('search=utvecklare&titleOnly=true&city=G%C3%B6teborg')).toContain('java');
    // An occupation word finds that occupation; an ad that only names it in its text comes with 'Visa även …'.
    expect(ids('search=utvecklare&city=Uppsala')).not.toContain('mentions-goteborg');
    expect(ids('search=utvecklare&city=Uppsala&alsoMentions=true')).toContain('mentions-goteborg');
    expect(ids('search=utvecklare&city=Uppsala&exact=true')).toContain('mentions-goteborg');
    expect(ids('search=utvecklare&titleOnly=true&city=Uppsala')).not.toContain('mentions-goteborg');
    // A city named without å/ä/ö is that city's filter.
    expect(byQuestion.get('search=Goteborg')!.appliedFilters).toMatchObject({
      search: null,
      city: 'Göteborg',
    });
    expect(byQuestion.get('search=umea')!.appliedFilters).toMatchObject({ search: null, city: 'Umeå' });
    // A text typed with job words and a place is that job in that place, unless asked exactly.
    expect(ids('search=l%C3%A4rarjobb%20ume%C3%A5')).toEqual(['umea']);
    expect(ids('search=jobb%20som%20svetsare%20i%20v%C3%A4ster%C3%A5s')).toEqual(['vasteras']);
    expect(ids('search=sjuksk%C3%B6terskejobb%20malm%C3%B6')).toContain('nurse');
    expect(ids('search=it-jobb%20g%C3%B6teborg')).toContain('java');
    expect(byQuestion.get('search=l%C3%A4rarjobb%20ume%C3%A5&exact=true')!.appliedFilters).toMatchObject({
      search: 'lärarjobb umeå',
      city: null,
    });
    // The new filters and orders do filter and order.
    expect(ids('published=1')).toContain('fresh-1');
    expect(ids('published=1')).not.toContain('fresh-2');
    expect(ids('published=3')).toEqual(expect.arrayContaining(['fresh-1', 'fresh-2', 'fresh-3']));
    expect(ids('experience=false')).not.toContain('fresh-2');
    expect(ids('remote=true')).toContain('fresh-3');
    expect(ids('sort=deadline')).not.toEqual(ids(''));
    // Around a place: the handmade ads all stand at Uppsala's coordinates, whatever their location.
    expect(ids('near=Uppsala&radiusKm=5')).toEqual(expect.arrayContaining(['java', 'nurse', 'umea']));
    expect(ids('near=Malm%C3%B6&radiusKm=100')).not.toContain('java');
    expect(ids('near=uppsala&radiusKm=5&sort=distance')).not.toEqual(ids('near=Uppsala&radiusKm=5'));
  });
});
