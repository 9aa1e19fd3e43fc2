import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import {
  createFeedClient,
  drainOutbox,
  importSnapshot,
  syncStreamWindow,
  type SyncContext,
} from '@jobbportalen/indexer';
import { liveJobsByIds, type JobRow } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPORTS_PER_IP = 3;
const THANKS = { message: 'Tack! Vi granskar annonsen.' };

describe.each(testDatabaseKinds())("'Anmäl annons' and the admin's moderation on %s", (kind) => {
  let t: TestApp;
  let simulator: FeedSimulator;
  let ctx: SyncContext;
  let admin: TestUser;
  let candidate: TestUser;
  /** Live ads of the imported feed, each test taking its own. */
  let ads: JobRow[];
  let nextAd = 0;
  const takeAd = () => {
    const ad = ads[nextAd++];
    if (!ad) throw new Error('the feed has too few live ads for these tests');
    return ad;
  };
  // Every test reports from addresses of its own: the per-IP limit is low.
  let nextIp = 1;
  const newIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  /** A /64 of its own: `host(n)` is an address in it (a phone's privacy addresses look so). */
  let nextNetwork = 1;
  const newIpv6Network = () => {
    const prefix = `2001:db8:16:${(nextNetwork++).toString(16)}`;
    return (host: number) => `${prefix}:${host.toString(16)}:0:a11:${(host * 7).toString(16)}`;
  };

  const report = (jobId: string, body: unknown, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/jobs/${encodeURIComponent(jobId)}/reports`,
      payload: body as object,
      remoteAddress: ip,
      headers,
    });
  const adminCall = (method: 'GET' | 'POST', url: string, token = admin.token) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(token) });
  const drain = () =>
    drainOutbox({ db: t.database.db, client: t.search.client, indexUid: t.config.meiliIndex });
  const indexedIds = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/multi-search',
      payload: { queries: [{ indexUid: t.config.meiliIndex, q: '', limit: 100 }] },
    });
    expect(response.statusCode).toBe(200);
    const [result] = response.json<{ results: { hits: { id: string }[] }[] }>().results;
    return result!.hits.map((hit) => hit.id);
  };
  const sitemap = async () => (await t.app.inject('/sitemap.xml')).body;
  const openReports = (jobId: string) =>
    t.database.db
      .selectFrom('adReports')
      .selectAll()
      .where('jobId', '=', jobId)
      .where('resolvedAt', 'is', null)
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        ...RELAXED_RATE_LIMITS,
        RATE_LIMIT_REPORTS_PER_IP: String(REPORTS_PER_IP),
        PUBLIC_URL: 'https://jobb.example.se',
      },
    });
    simulator = await startFeedSimulator({ ads: 40, seed: 16, speed: 0, changeRatePerSecond: 1 });
    ctx = {
      db: t.database.db,
      indexUid: t.config.meiliIndex,
      feed: createFeedClient({ baseUrl: simulator.url, apiVersion: 'v1', minRequestIntervalMs: 0 }),
      logger: { info() {}, warn() {}, error() {} },
      signal: new AbortController().signal,
      batchSize: 200,
      now: () => new Date(simulator.now()),
    };
    await importSnapshot(ctx);
    await drain();
    ads = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('removedAt', 'is', null)
      .orderBy('id')
      .execute();
    [admin, candidate] = await Promise.all([createUser(t, 'admin'), createUser(t, 'candidate')]);
  });
  afterAll(async () => {
    await simulator?.close();
    await t?.close();
  });

  it('refuses a report without a known reason, or of Annat without a description, in Swedish', async () => {
    const ad = takeAd();
    const ip = newIp();
    const cases: [unknown, string][] = [
      [{}, 'Välj varför du anmäler annonsen.'],
      [{ reason: 'spam' }, 'Välj varför du anmäler annonsen.'],
      [{ reason: 'other' }, 'Beskriv vad som är fel med annonsen.'],
      [{ reason: 'other', message: '   ' }, 'Beskriv vad som är fel med annonsen.'],
      [{ reason: 'fraud', message: 'x'.repeat(1001) }, 'Beskrivningen får vara högst 1000 tecken.'],
    ];
    for (const [body, message] of cases.slice(0, 2)) {
      const response = await report(ad.id, body, ip);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    // Within the limit per IP: the rest from addresses of their own.
    for (const [body, message] of cases.slice(2)) {
      const response = await report(ad.id, body, newIp());
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await openReports(ad.id)).toEqual([]);
  });

  it('answers 404 for an unknown ad and for one the feed removed', async () => {
    const unknown = await report('finns-inte-16', { reason: 'fraud' }, newIp());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });

    const ad = takeAd();
    await t.database.db.updateTable('jobs').set({ removedAt: new Date() }).where('id', '=', ad.id).execute();
    const removed = await report(ad.id, { reason: 'fraud' }, newIp());
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('takes a report from anyone, stores one per reporter and ad, and never the address', async () => {
    const ad = takeAd();
    const [first, second] = [newIp(), newIp()];
    const accepted = await report(ad.id, { reason: 'payment', message: ' Vill ha 500 kr i avgift. ' }, first);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual(THANKS);
    // The same reporter again: thanked alike, stored once.
    const repeat = await report(ad.id, { reason: 'fraud' }, first);
    expect(repeat.statusCode).toBe(202);
    expect(repeat.json()).toEqual(THANKS);
    // A logged-in reporter elsewhere: a second report, with the account.
    const signedIn = await report(ad.id, { reason: 'bankid' }, second, bearer(candidate.token));
    expect(signedIn.statusCode).toBe(202);

    const rows = await openReports(ad.id);
    expect(rows.map((row) => [row.reason, row.message, row.userId]).sort()).toEqual([
      ['bankid', null, candidate.id],
      ['payment', 'Vill ha 500 kr i avgift.', null],
    ]);
    for (const row of rows) {
      expect(row.reporterKey).not.toContain(first);
      expect(row.reporterKey).not.toContain(second);
    }
  });

  it(`answers 429 in Swedish after ${REPORTS_PER_IP} reports a minute from one address`, async () => {
    const ip = newIp();
    for (let i = 0; i < REPORTS_PER_IP; i += 1)
      expect((await report(takeAd().id, { reason: 'discriminatory' }, ip)).statusCode).toBe(202);
    const refused = await report(takeAd().id, { reason: 'discriminatory' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/^För många försök\. Vänta \d+ sekunder och försök igen\.$/);
    // Another address is not held back.
    expect((await report(takeAd().id, { reason: 'discriminatory' }, newIp())).statusCode).toBe(202);
  });

  it('counts a reporter by IPv6 /64, as the per-IP limit does: one /64 reports once, two report twice', async () => {
    const ad = takeAd();
    const [home, elsewhere] = [newIpv6Network(), newIpv6Network()];
    for (const ip of [home(1), home(2), elsewhere(1)])
      expect((await report(ad.id, { reason: 'fraud' }, ip)).statusCode, ip).toBe(202);
    expect(await openReports(ad.id)).toHaveLength(2);
    const listed = (await adminCall('GET', '/ad-reports')).json<{
      ads: { jobId: string; count: number }[];
    }>();
    expect(listed.ads.find((entry) => entry.jobId === ad.id)?.count).toBe(2);
  });

  it(`holds the addresses of one IPv6 /64 to one limit of ${REPORTS_PER_IP} reports a minute`, async () => {
    const network = newIpv6Network();
    for (let host = 1; host <= REPORTS_PER_IP; host += 1)
      expect((await report(takeAd().id, { reason: 'fraud' }, network(host))).statusCode).toBe(202);
    const refused = await report(takeAd().id, { reason: 'fraud' }, network(REPORTS_PER_IP + 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await report(takeAd().id, { reason: 'fraud' }, newIpv6Network()(1))).statusCode).toBe(202);
  });

  it('keeps the moderation routes to admins: 401 without a session, 403 for a candidate', async () => {
    const ad = takeAd();
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/ad-reports'],
      ['GET', '/ad-reports/hidden'],
      ['POST', `/ad-reports/${ad.id}/hide`],
      ['POST', `/ad-reports/${ad.id}/dismiss`],
      ['POST', `/ad-reports/${ad.id}/unhide`],
    ];
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({ method, url: `/api/admin${url}` });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await adminCall(method, url, candidate.token);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      await t.database.db.selectFrom('hiddenJobs').selectAll().where('jobId', '=', ad.id).execute(),
    ).toEqual([]);
  });

  it('lists the open reports grouped per ad, with reasons, messages and first and last time', async () => {
    const ad = takeAd();
    await report(ad.id, { reason: 'fraud', message: 'Företaget finns inte.' }, newIp());
    await report(ad.id, { reason: 'fraud' }, newIp());
    await report(ad.id, { reason: 'other', message: 'Konstig länk.' }, newIp());

    const response = await adminCall('GET', '/ad-reports');
    expect(response.statusCode).toBe(200);
    const entry = response.json<{ ads: Record<string, unknown>[] }>().ads.find((a) => a.jobId === ad.id);
    expect(entry).toMatchObject({
      title: ad.title,
      company: ad.company,
      link: `/jobb/${ad.id}`,
      removed: false,
      count: 3,
      reasons: [
        { reason: 'fraud', label: 'Falsk annons eller bedrägeri', count: 2 },
        { reason: 'other', label: 'Annat', count: 1 },
      ],
    });
    expect((entry!.messages as { message: string }[]).map((m) => m.message).sort()).toEqual([
      'Företaget finns inte.',
      'Konstig länk.',
    ]);
    expect(Date.parse(entry!.firstReportedAt as string)).toBeLessThanOrEqual(
      Date.parse(entry!.lastReportedAt as string),
    );
  });

  it('dismissing closes the reports and leaves the ad live', async () => {
    const ad = takeAd();
    await report(ad.id, { reason: 'discriminatory' }, newIp());
    const dismissed = await adminCall('POST', `/ad-reports/${ad.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ message: 'Anmälan är avvisad.' });
    expect(await openReports(ad.id)).toEqual([]);
    const stored = await t.database.db
      .selectFrom('adReports')
      .selectAll()
      .where('jobId', '=', ad.id)
      .execute();
    expect(stored.map((row) => [row.resolution, row.resolvedBy])).toEqual([['dismissed', admin.id]]);
    const list = await adminCall('GET', '/ad-reports');
    expect(list.json<{ ads: { jobId: string }[] }>().ads.map((a) => a.jobId)).not.toContain(ad.id);

    await drain();
    expect((await t.app.inject(`/api/jobs/${ad.id}`)).statusCode).toBe(200);
    expect(await indexedIds()).toContain(ad.id);
    expect(await sitemap()).toContain(`/jobb/${ad.id}<`);
    // Nothing left to dismiss.
    expect((await adminCall('POST', `/ad-reports/${ad.id}/dismiss`)).statusCode).toBe(404);
  });

  it('hiding takes the ad out of search, the sitemap, alerts and its page; it stays hidden through feed updates; showing it brings it back', async () => {
    // Several ads, so that the feed surely rewrites at least one of them below.
    const hidden = Array.from({ length: 6 }, takeAd);
    const ids = hidden.map((ad) => ad.id);
    expect(await indexedIds()).toEqual(expect.arrayContaining(ids));
    expect(await sitemap()).toContain(`/jobb/${ids[0]}<`);

    await report(ids[0]!, { reason: 'fraud' }, newIp());
    for (const id of ids) {
      const response = await adminCall('POST', `/ad-reports/${id}/hide`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Annonsen är dold.' });
    }
    const resolved = await t.database.db
      .selectFrom('adReports')
      .selectAll()
      .where('jobId', '=', ids[0]!)
      .execute();
    expect(resolved.map((row) => row.resolution)).toEqual(['hidden']);
    await drain();

    const expectHidden = async () => {
      const indexed = await indexedIds();
      const page = await t.app.inject(`/api/jobs?limit=100&sort=newest`);
      const listed = page.json<{ jobs: { id: string }[] }>().jobs.map((job) => job.id);
      const map = await sitemap();
      for (const id of ids) {
        expect(indexed).not.toContain(id);
        expect(listed).not.toContain(id);
        expect(map).not.toContain(`/jobb/${id}<`);
        const detail = await t.app.inject(`/api/jobs/${id}`);
        expect(detail.statusCode).toBe(410);
        expect(detail.json()).toMatchObject({ code: 'GONE' });
        expect((await t.app.inject(`/jobb/${id}`)).statusCode).toBe(410);
      }
      // Alerts read the ads of a mail through the same rule.
      expect(await liveJobsByIds(t.database.db, ids, ['id'])).toEqual([]);
      // Reporting a hidden ad again is pointless: it is not live.
      expect((await report(ids[0]!, { reason: 'fraud' }, newIp())).statusCode).toBe(404);
    };
    await expectHidden();

    const listedHidden = await adminCall('GET', '/ad-reports/hidden');
    expect(listedHidden.statusCode).toBe(200);
    const hiddenEntries = listedHidden.json<{ ads: { jobId: string; reason: string | null }[] }>().ads;
    expect(hiddenEntries.map((entry) => entry.jobId)).toEqual(expect.arrayContaining(ids));
    expect(hiddenEntries.find((entry) => entry.jobId === ids[0])?.reason).toBe(
      'Falsk annons eller bedrägeri',
    );

    // The feed goes on: stream windows until it has rewritten one of the hidden ads.
    const versionOf = async () =>
      new Map(
        (await t.database.db.selectFrom('jobs').select(['id', 'sourceUpdatedAt', 'removedAt']).execute()).map(
          (row) => [row.id, row],
        ),
      );
    const before = await versionOf();
    let rewritten: string | undefined;
    for (let window = 0; window < 60 && !rewritten; window += 1) {
      simulator.advance(60_000);
      await syncStreamWindow(ctx);
      const now = await versionOf();
      rewritten = ids.find(
        (id) =>
          now.get(id)?.removedAt === null &&
          now.get(id)!.sourceUpdatedAt!.getTime() > before.get(id)!.sourceUpdatedAt!.getTime(),
      );
    }
    expect(rewritten, 'the feed rewrote none of the hidden ads').toBeDefined();
    await drain();
    await expectHidden();

    const shown = await adminCall('POST', `/ad-reports/${rewritten}/unhide`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ message: 'Annonsen visas igen.' });
    await drain();
    expect(await indexedIds()).toContain(rewritten);
    expect((await t.app.inject(`/api/jobs/${rewritten}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/jobb/${rewritten}`)).statusCode).toBe(200);
    expect(await sitemap()).toContain(`/jobb/${rewritten}<`);
    const stillHidden = (await adminCall('GET', '/ad-reports/hidden')).json<{ ads: { jobId: string }[] }>()
      .ads;
    expect(stillHidden.map((entry) => entry.jobId)).not.toContain(rewritten);
    // Shown already: nothing to show.
    expect((await adminCall('POST', `/ad-reports/${rewritten}/unhide`)).statusCode).toBe(404);
  });

  it('answers 404 when an admin hides an ad we never had', async () => {
    const response = await adminCall('POST', '/ad-reports/finns-inte-16/hide');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
