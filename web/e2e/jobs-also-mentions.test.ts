// 'Visa även N annonser som nämner ”utvecklare” i texten' on /jobb: 'utvecklare' finds the
// developers' ads; the link under the results widens the search to the ads whose text names
// developers, and the widened search says so with the way back. Without JavaScript (the server's
// HTML and its links) and with it (a typed search, then the links clicked in place).
import { toSearchDocument } from '@jobbportalen/indexer';
import { completed } from '@jobbportalen/storage';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { gotoAndSettle, settle, useE2e } from './support/e2e.js';

// Seeds ads that mention a word in their text only.
const e2e = useE2e({ ownPortal: true });

// A place of their own, so the simulator's ads are not among the results.
const CITY = 'Vidgeby';
const DEVELOPER = 'e2e-widen-developer';
const MENTIONS = 'e2e-widen-mentions';

beforeAll(async () => {
  const place = { location: CITY, municipality: CITY };
  const jobs = [
    normalizedJob(DEVELOPER, { title: 'Systemutvecklare', occupation: 'Systemutvecklare', ...place }),
    normalizedJob(MENTIONS, {
      title: 'Lagerarbetare',
      descriptionText: 'Du arbetar nära våra utvecklare och vår lagerchef.',
      ...place,
    }),
  ];
  await e2e.portal.database.db
    .insertInto('jobs')
    .values(jobs.map((job) => normalizedJobRow(job, null)))
    .execute();
  await completed(
    e2e.portal.search.client.index(e2e.portal.indexUid).addDocuments(jobs.map(toSearchDocument)),
  );
});

const SEARCH = `/jobb?search=utvecklare&city=${encodeURIComponent(CITY)}`;
const WIDEN = 'Visa även 1 annons som nämner ”utvecklare” i texten';
const WIDENED = 'Visar även annonser som nämner ”utvecklare” i texten. Visa bara annonser för yrket';
const NARROW = 'Visa bara annonser för yrket';

const widening = (page: Page) => page.locator('.jobs-content .also-mentions');
const resultIds = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe("widening an occupation search to the ads that name it ('Visa även …')", () => {
  it('works from the server’s HTML alone: a link there and a link back', async () => {
    // What the server sends, as a crawler gets it: the link is in the HTML.
    const html = await e2e.portal.app.inject({ url: SEARCH, headers: { accept: 'text/html' } });
    expect(html.body).toContain(
      `<a href="/jobb?search=utvecklare&amp;city=${CITY}&amp;alsoMentions=true">${WIDEN}</a>`,
    );

    const page = await e2e.page({ scripts: 'off' });
    await page.goto(SEARCH);
    expect(await resultIds(page)).toEqual([DEVELOPER]);
    expect(await widening(page).textContent()).toBe(WIDEN);

    await page.getByRole('link', { name: WIDEN }).click();
    await page.waitForURL((url) => url.searchParams.get('alsoMentions') === 'true');
    expect(params(page)).toEqual({ search: 'utvecklare', city: CITY, alsoMentions: 'true' });
    expect((await resultIds(page)).sort()).toEqual([DEVELOPER, MENTIONS].sort());
    expect(await widening(page).textContent()).toBe(WIDENED);

    await page.getByRole('link', { name: NARROW }).click();
    await page.waitForURL((url) => !url.searchParams.has('alsoMentions'));
    expect(params(page)).toEqual({ search: 'utvecklare', city: CITY });
    expect(await resultIds(page)).toEqual([DEVELOPER]);
  });

  it('hydrates the server’s link, widens and narrows in place, and follows a typed search', async () => {
    const page = await e2e.page();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/jobs/also-mentions')) asked.push(request.url());
    });
    await gotoAndSettle(page, SEARCH);
    expect(await widening(page).textContent()).toBe(WIDEN);
    // The answer came with the page.
    expect(asked).toEqual([]);

    // In place: the page is not loaded again.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: WIDEN }).click();
    await page.waitForURL((url) => url.searchParams.get('alsoMentions') === 'true');
    await expect.poll(async () => (await resultIds(page)).sort()).toEqual([DEVELOPER, MENTIONS].sort());
    await expect.poll(() => widening(page).textContent()).toBe(WIDENED);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: NARROW }).click();
    await page.waitForURL((url) => !url.searchParams.has('alsoMentions'));
    await expect.poll(() => resultIds(page)).toEqual([DEVELOPER]);
    await expect.poll(() => widening(page).textContent()).toBe(WIDEN);

    // A text typed in the page: no occupation named in other ads' text, nothing to widen; then one.
    const searchBox = page.getByRole('searchbox', { name: 'Sökord' });
    await searchBox.fill('lagerarbetare');
    await searchBox.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'lagerarbetare');
    await expect.poll(() => resultIds(page)).toEqual([MENTIONS]);
    await settle(page);
    expect(await widening(page).count()).toBe(0);
    await searchBox.fill('utvecklare');
    await searchBox.press('Enter');
    await expect.poll(() => widening(page).textContent()).toBe(WIDEN);
    expect(await resultIds(page)).toEqual([DEVELOPER]);

    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(problems).toEqual([]);
  });
});
