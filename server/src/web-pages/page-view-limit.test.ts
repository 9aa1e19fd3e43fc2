// The page-view limit of server-rendered pages (RATE_LIMIT_PAGEVIEWS_PER_IP): one budget per
// address for every rendered page and 'Sidan finns inte', refused in onRequest with a small
// Swedish 429 page — no render, no in-process API call — while other addresses, static assets,
// the app's other pages and the health checks go on as before; and the bound on one address's
// renders under way at the same moment.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { PROMPT_REFUSALS_PER_MINUTE } from './page-view-limit.js';
import { rendersInFlightBound } from './renders-in-flight.js';
import { writeTestWebBuild } from './test-web-build.test-helper.js';

const LIMIT = 60;
/** Two seconds' worth of LIMIT. */
const IN_FLIGHT = rendersInFlightBound(LIMIT);

describe.each(testDatabaseKinds())('the page-view limit on %s', (kind) => {
  let t: TestApp;
  const web = writeTestWebBuild(`pageViewLimitRenders_${kind}`);

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      webRoot: web.webRoot,
      env: { RATE_LIMIT_PAGEVIEWS_PER_IP: String(LIMIT) },
    });
  });
  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  const from = (remoteAddress: string, url: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });

  it('refuses a flood of distinct pages from one address before rendering anything', async () => {
    const flooder = '10.1.0.1';
    for (let i = 0; i < LIMIT; i++) {
      expect((await from(flooder, `/jobb?search=flod${i}`)).statusCode).toBe(200);
    }
    const rendersBefore = web.renders();
    const searchesBefore = t.app.questionCache.size;
    // Every kind of rendered page draws on the same budget: searches, a job page (whose route
    // reads the database before it renders), the start page, a guide, an address that is no page.
    for (const url of [
      '/jobb?search=flod9',
      '/jobb/ingen-sadan-annons',
      '/',
      '/karriarguide',
      '/finns-inte',
    ]) {
      const refused = await from(flooder, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('<html lang="sv">');
      expect(refused.body).toContain('<h1>För många sidvisningar</h1>');
      expect(refused.body).not.toContain('id="root"');
    }
    // Nothing was rendered and nothing was searched for the refused pages.
    expect(web.renders()).toBe(rendersBefore);
    expect(t.app.questionCache.size).toBe(searchesBefore);

    // Another address renders as ever.
    const other = await from('10.1.0.2', '/jobb?search=flod9');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<p class="antal">0 jobb</p>');
    expect(web.renders()).toBe(rendersBefore + 1);
  });

  it("answers a person's first refusals at once and holds a flood's before sending them", async () => {
    const flooder = '10.1.0.16';
    const person = '10.1.0.17';
    for (const address of [flooder, person])
      for (let i = 0; i < LIMIT; i++) await from(address, `/jobb?search=haller${i}`);
    // The flooder's prompt refusals are spent; the person has just met the limit.
    for (let i = 0; i < PROMPT_REFUSALS_PER_MINUTE; i++)
      expect((await from(flooder, '/jobb?search=haller')).statusCode).toBe(429);

    let heldAnswered = false;
    const held = from(flooder, '/jobb?search=haller').then((response) => {
      heldAnswered = true;
      return response;
    });
    // Asked after the held one, the person's refusal comes back first: it is not held.
    expect((await from(person, '/jobb?search=haller')).statusCode).toBe(429);
    expect(heldAnswered).toBe(false);
    const answer = await held;
    expect(answer.statusCode).toBe(429);
    expect(answer.body).toContain('<h1>För många sidvisningar</h1>');
  });

  it('never counts static assets, the pages the browser renders, the API or the health checks', async () => {
    const visitor = '10.1.0.3';
    for (let i = 0; i < LIMIT; i++) await from(visitor, `/jobb?search=besok${i}`);
    expect((await from(visitor, '/jobb?search=besok-mer')).statusCode).toBe(429);

    expect((await from(visitor, '/assets/app-1234abcd.js')).statusCode).toBe(200);
    expect((await from(visitor, '/login')).statusCode).toBe(200);
    expect((await from(visitor, '/api/jobs?search=besok')).statusCode).toBe(200);
    expect((await from(visitor, '/healthz')).statusCode).toBe(200);
    expect((await from(visitor, '/readyz')).statusCode).toBe(200);
  });

  it(`renders at most ${IN_FLIGHT} pages of one address at a time`, async () => {
    expect(IN_FLIGHT).toBe(2);
    expect(rendersInFlightBound(120)).toBe(4);
    const visitor = '10.1.0.6';
    const open = web.holdRenders();
    const before = web.renders();
    const held = Array.from({ length: IN_FLIGHT }, (_, i) =>
      from(visitor, `/jobb?search=samtidig${i}&vanta`),
    );
    await vi.waitFor(() => expect(web.renders()).toBe(before + IN_FLIGHT));

    const extra = await from(visitor, '/jobb?search=samtidig-en-till');
    expect(extra.statusCode).toBe(429);
    expect(extra.headers['retry-after']).toBe('1');
    expect(extra.body).toContain('<h1>För många sidvisningar</h1>');
    expect(web.renders()).toBe(before + IN_FLIGHT);
    // Another address is not held up by this one's renders.
    expect((await from('10.1.0.7', '/jobb?search=samtidig-annan')).statusCode).toBe(200);

    open();
    for (const response of await Promise.all(held)) expect(response.statusCode).toBe(200);
    // Done rendering: the address may render again.
    expect((await from(visitor, '/jobb?search=samtidig-sedan')).statusCode).toBe(200);
  });

  it('counts a HEAD of a page once, like its GET', async () => {
    const visitor = '10.1.0.5';
    for (let i = 0; i < LIMIT; i++) {
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/jobb?search=huvud${i}`,
        remoteAddress: visitor,
      });
      expect(head.statusCode).toBe(200);
    }
    expect((await from(visitor, '/jobb?search=huvud-mer')).statusCode).toBe(429);
  });

  it("still sends 'Sidan finns inte' with its 404 to an address within its limit", async () => {
    const response = await from('10.1.0.4', '/finns-inte');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('id="root"');
  });
});
