import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import { createFeedClient, importSnapshot, syncStreamWindow, type SyncContext } from '@jobbportalen/indexer';
import type { JobRow } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { escapeHtml } from './html-head.js';
import { headValuesOf } from './page-head.test-helper.js';

// Everything String.replace would expand in a replacement string, with HTML's special characters.
const PATTERNS = "$` $' $& $1 $<x> $$";
const TITLE = `Snickare ${PATTERNS} "citat" <b>fet</b> & ö`;
/** With replacement-string semantics this title made a page of hundreds of MB. */
const HUGE_TITLE = `Snickare ${'$`'.repeat(600)}`;
const COMPANY = `Bygg ${PATTERNS} "AB" & <Söner>`;
const DESCRIPTION = `Vi söker ${PATTERNS} – "kvalitet" & <omsorg> är 'viktigt'.`;
const SITE = "Jobb$'portalen $&";
const PUBLIC_URL = 'https://jobb.example.se';

/** Every ad the feed sends carries the hostile text; one in four the huge title. */
const hostile: Parameters<typeof startFeedSimulator>[0] = {
  ads: 40,
  seed: 5,
  speed: 0,
  changeRatePerSecond: 2,
  rewriteAd: (ad) => ({
    ...ad,
    headline: Number(ad.id) % 4 === 0 ? HUGE_TITLE : TITLE,
    employer: { ...ad.employer, name: COMPANY },
    description: { ...ad.description, text: DESCRIPTION, text_formatted: '' },
  }),
};

describe.each(testDatabaseKinds())('hostile ad text from the feed on crawler pages on %s', (kind) => {
  let t: TestApp;
  let simulator: FeedSimulator;
  let rows: JobRow[];
  const pick = (title: string, removed: boolean) => {
    const row = rows.find(
      (candidate) => candidate.title === title && (candidate.removedAt !== null) === removed,
    );
    if (!row)
      throw new Error(`the feed gave no ${removed ? 'removed' : 'live'} ad titled ${title.slice(0, 20)}`);
    return row;
  };
  // The page now carries the ad itself (its server-rendered content and the data it hydrates
  // with), a few times its text; what must never happen is the many-MB growth of replacement
  // strings expanding `$&`, `$\`` and `$'`.
  const pageLimit = () => t.app.webIndexHtml.length + 64_000;

  beforeAll(async () => {
    // Twenty pages at once from one address is more than the page-view limit lets render at once.
    t = await buildTestApp(kind, {
      env: { PUBLIC_URL, SITE_NAME: SITE, RATE_LIMIT_PAGEVIEWS_PER_IP: '10000' },
    });
    simulator = await startFeedSimulator(hostile);
    const ctx: SyncContext = {
      db: t.database.db,
      indexUid: t.config.meiliIndex,
      feed: createFeedClient({ baseUrl: simulator.url, apiVersion: 'v1', minRequestIntervalMs: 0 }),
      logger: { info() {}, warn() {}, error() {} },
      signal: new AbortController().signal,
      batchSize: 200,
      now: () => new Date(simulator.now()),
    };
    await importSnapshot(ctx);
    simulator.advance(2 * 60_000); // updates, new ads and removals, all through the stream
    await syncStreamWindow(ctx);
    rows = await t.database.db.selectFrom('jobs').selectAll().execute();
  });
  afterAll(async () => {
    await simulator?.close();
    await t?.close();
  });

  it('stores the text as the feed sent it', () => {
    const live = pick(TITLE, false);
    expect(live).toMatchObject({ company: COMPANY, descriptionText: DESCRIPTION });
    expect(pick(TITLE, true).company).toBe(COMPANY);
    expect(pick(HUGE_TITLE, false).title).toBe(HUGE_TITLE);
  });

  it('puts it unchanged, escaped once, into title, Open Graph, canonical and JSON-LD of a live ad', async () => {
    const live = pick(TITLE, false);
    const response = await t.app.inject(`/jobb/${live.id}`);
    expect(response.statusCode).toBe(200);
    const where = [COMPANY, live.location].filter(Boolean).join(', ');
    const title = escapeHtml(`${TITLE} – ${where} | ${SITE}`);
    const canonical = `${PUBLIC_URL}/jobb/${live.id}`;
    const head = headValuesOf(response.body);
    expect(head).toMatchObject({
      title: [title],
      ogTitle: [title],
      description: [escapeHtml(DESCRIPTION)],
      ogDescription: [escapeHtml(DESCRIPTION)],
      canonical: [canonical],
      robots: [],
    });
    expect(head.jsonLd).toHaveLength(1);
    expect(JSON.parse(head.jsonLd[0] as string)).toMatchObject({
      title: TITLE,
      description: live.descriptionHtml,
      url: canonical,
      identifier: { name: SITE, value: live.id },
      hiringOrganization: { name: COMPANY },
    });
    expect(response.body.length).toBeLessThan(pageLimit());
  });

  it('puts it unchanged into the 410 page of a removed ad, without JobPosting', async () => {
    const removed = pick(TITLE, true);
    const response = await t.app.inject(`/jobb/${removed.id}`);
    expect(response.statusCode).toBe(410);
    const title = escapeHtml(`Annonsen är inte längre aktuell: ${TITLE} | ${SITE}`);
    expect(headValuesOf(response.body)).toEqual({
      title: [title],
      ogTitle: [title],
      description: [escapeHtml(DESCRIPTION)],
      ogDescription: [escapeHtml(DESCRIPTION)],
      canonical: [],
      robots: ['noindex'],
      jsonLd: [],
    });
    expect(response.body.length).toBeLessThan(pageLimit());
  });

  it('puts the site name unchanged into the 404 page of an unknown id', async () => {
    const response = await t.app.inject(`/jobb/${encodeURIComponent("$'$`$&")}`);
    expect(response.statusCode).toBe(404);
    const title = escapeHtml(`Jobb ej hittat – ${SITE}`);
    expect(headValuesOf(response.body)).toMatchObject({ title: [title], ogTitle: [title], jsonLd: [] });
    expect(response.body.length).toBeLessThan(pageLimit());
  });

  it('answers 20 requests at once for an ad titled with six hundred $`, each with a small page', async () => {
    const huge = pick(HUGE_TITLE, false);
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.app.inject(`/jobb/${huge.id}`)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeLessThan(pageLimit());
      expect(headValuesOf(response.body).title[0]?.startsWith(`Snickare ${'$`'.repeat(600)} – `)).toBe(true);
    }
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});
