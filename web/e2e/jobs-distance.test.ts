// 'Avstånd' on /jobb: a place and a radius, 'Nära mig' from a mocked browser position, and the order
// 'Närmast'. Each changes the results and the URL as /api/jobs answers the same search, survives
// reload and back/forward, and combines with the other filters.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { gotoAndSettle, settle, useE2e } from './support/e2e.js';

const e2e = useE2e();
const number = new Intl.NumberFormat('sv-SE');

interface ApiPage {
  jobs: Array<{ _id: string; distanceKm?: number }>;
  totalHits: number;
}

// Göteborg's centre, more precise than the URL will keep.
const GOTEBORG = { latitude: 57.708711, longitude: 11.974564 };
const GOTEBORG_NEAR = '57.71,11.97';

async function api<T>(path: string): Promise<T> {
  const response = await e2e.portal.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.json() as T;
}

async function expectedSummary(query: string): Promise<string> {
  const { totalHits } = await api<ApiPage>(`/api/jobs?${query}`);
  const pages = Math.ceil(totalHits / 20);
  return `Visar ${number.format(totalHits)} jobb${pages > 1 ? ` – sida 1 av ${pages}` : ''}`;
}

const apiIds = async (query: string) => (await api<ApiPage>(`/api/jobs?${query}`)).jobs.map((job) => job._id);
const summary = (page: Page) => page.locator('.results-summary').textContent();
const params = (page: Page) => new URLSearchParams(new URL(page.url()).search);
const placeSelect = (page: Page) => page.getByRole('combobox', { name: 'Plats', exact: true });
const radiusSelect = (page: Page) => page.getByRole('combobox', { name: 'Inom', exact: true });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sortera', exact: true });
const nearMe = (page: Page) => page.getByRole('button', { name: 'Nära mig' });
const positionRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests);
const resultIds = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));
const distances = (page: Page) =>
  page.locator('.jobs-content .job-meta-distance').evaluateAll((items) => items.map((li) => li.textContent));

/** A page whose browser has a position to give (or refuses it, without `geolocation`). */
async function pageWithPosition(
  path: string,
  position: BrowserContextOptions['geolocation'] | null,
  viewport = DESKTOP,
): Promise<Page> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.portal.url,
    viewport,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    ...(position ? { geolocation: position, permissions: ['geolocation'] } : { permissions: [] }),
  });
  context.setDefaultTimeout(10_000);
  // Counts the page's requests for the position: none may happen before 'Nära mig' is clicked.
  await context.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const ask = geolocation.getCurrentPosition.bind(geolocation);
    (window as unknown as { positionRequests: number }).positionRequests = 0;
    geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
      (window as unknown as { positionRequests: number }).positionRequests += 1;
      ask(...args);
    };
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => e2e.pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('close', () => void context.close().catch(() => undefined));
  await gotoAndSettle(page, path);
  return page;
}

describe("'Avstånd' and 'Närmast' on /jobb", () => {
  it("'Nära mig' asks for the position only when clicked and searches around it, rounded", async () => {
    const page = await pageWithPosition('/jobb', GOTEBORG);
    try {
      // Nothing asked yet: no request for the position, no place in the URL, none chosen.
      expect(await positionRequests(page)).toBe(0);
      expect(params(page).get('near')).toBeNull();
      expect(await placeSelect(page).inputValue()).toBe('');
      await nearMe(page).click();
      await page.waitForURL((url) => url.searchParams.get('near') === GOTEBORG_NEAR);
      expect(await positionRequests(page)).toBe(1);
      const around = `near=${GOTEBORG_NEAR}`;
      expect((await api<ApiPage>(`/api/jobs?${around}`)).totalHits).toBeGreaterThan(0);
      await expect.poll(() => summary(page)).toBe(await expectedSummary(around));
      await expect.poll(() => resultIds(page)).toEqual(await apiIds(around));
      expect(await placeSelect(page).inputValue()).toBe('position');
      // Each card says how far away the ad is.
      const cards = await resultIds(page);
      await expect.poll(async () => (await distances(page)).length).toBe(cards.length);

      // 'Närmast' appears with a place and orders as /api/jobs does, nearest first.
      await sortSelect(page).selectOption({ label: 'Närmast' });
      await page.waitForURL((url) => url.searchParams.get('sort') === 'distance');
      const nearest = await api<ApiPage>(`/api/jobs?${around}&sort=distance`);
      await expect.poll(() => resultIds(page)).toEqual(nearest.jobs.map((job) => job._id));
      const shown = await distances(page);
      // The card reads 'Avstånd: 12 km' to a screen reader, '12 km' to the eye.
      const first = nearest.jobs[0]!.distanceKm!;
      expect(shown[0]).toBe(`Avstånd: ${first < 0.5 ? '< 1 km' : `${Math.round(first)} km`}`);
      const km = nearest.jobs.map((job) => job.distanceKm!);
      expect([...km].sort((a, b) => a - b)).toEqual(km);

      await page.reload();
      await settle(page);
      await expect.poll(() => resultIds(page)).toEqual(nearest.jobs.map((job) => job._id));
      expect(await sortSelect(page).inputValue()).toBe('distance');
    } finally {
      await page.close();
    }
  });

  it('says so in Swedish when the position is refused, and searches nothing else', async () => {
    const page = await pageWithPosition('/jobb', null);
    try {
      await nearMe(page).click();
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: 25_000 })
        .toMatch(
          /^(Du har inte gett webbplatsen tillåtelse att se din position|Din position kunde inte hämtas)/,
        );
      expect(params(page).get('near')).toBeNull();
    } finally {
      await page.close();
    }
  });

  it('a place and a radius change results and URL, combine with a filter, survive reload and back/forward', async () => {
    const page = await e2e.page({ path: '/jobb' });
    // 'Närmast' only means something around a place.
    expect(await sortSelect(page).locator('option', { hasText: 'Närmast' }).count()).toBe(0);
    expect(await radiusSelect(page).isDisabled()).toBe(true);

    await placeSelect(page).selectOption('Göteborg');
    await page.waitForURL((url) => url.searchParams.get('near') === 'Göteborg');
    await expect.poll(() => summary(page)).toBe(await expectedSummary('near=Göteborg'));
    const within30 = await resultIds(page);
    expect(within30).toEqual(await apiIds('near=G%C3%B6teborg'));

    // The radius options show their counts; the URL gets the radius (30 is the default, left out).
    const counts = (await api<{ radiusKm: Record<string, number> }>('/api/jobs/filter-counts?near=Göteborg'))
      .radiusKm;
    await expect
      .poll(() => radiusSelect(page).locator('option[value="200"]').textContent())
      .toBe(`200 km (${counts['200']})`);
    await radiusSelect(page).selectOption('200');
    await page.waitForURL((url) => url.searchParams.get('radiusKm') === '200');
    const wide = 'near=G%C3%B6teborg&radiusKm=200';
    await expect.poll(() => summary(page)).toBe(await expectedSummary(wide));
    expect((await api<ApiPage>(`/api/jobs?${wide}`)).totalHits).toBe(counts['200']);

    // Combined with another filter.
    await page.getByRole('checkbox', { name: /^Ingen erfarenhet krävs/ }).check();
    await page.waitForURL((url) => url.searchParams.get('experience') === 'false');
    const combined = 'experience=false&near=G%C3%B6teborg&radiusKm=200';
    expect(new URL(page.url()).search).toBe(`?${combined}`);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(combined));

    await page.reload();
    await settle(page);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(combined));
    expect(await placeSelect(page).inputValue()).toBe('Göteborg');
    expect(await radiusSelect(page).inputValue()).toBe('200');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('experience') === null);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(wide));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('radiusKm') === null);
    await expect.poll(() => resultIds(page)).toEqual(within30);
    expect(await radiusSelect(page).inputValue()).toBe('30');
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('radiusKm') === '200');
    await expect.poll(() => summary(page)).toBe(await expectedSummary(wide));

    // No place again: the radius goes with it.
    await placeSelect(page).selectOption('');
    await page.waitForURL((url) => url.searchParams.get('near') === null);
    expect(params(page).get('radiusKm')).toBeNull();
  });

  it('shows each radius with its count, and a radius with none disabled, not hidden', async () => {
    type RadiusCounts = { radiusKm: Record<string, number> };
    // A small place, where the nearest radius has no ads in the (fixed) simulated corpus.
    let place: string | undefined;
    let counts: Record<string, number> = {};
    for (const candidate of ['Arjeplog', 'Sorsele', 'Överkalix', 'Salem', 'Bjurholm', 'Dorotea']) {
      counts = (await api<RadiusCounts>(`/api/jobs/filter-counts?near=${encodeURIComponent(candidate)}`))
        .radiusKm;
      if (counts['5'] === 0) {
        place = candidate;
        break;
      }
    }
    expect(place, 'a place with no ads within 5 km').toBeDefined();
    const page = await e2e.page({ path: `/jobb?near=${encodeURIComponent(place!)}` });
    for (const km of ['5', '10', '20', '30', '50', '100', '200']) {
      const option = radiusSelect(page).locator(`option[value="${km}"]`);
      await expect.poll(() => option.textContent()).toBe(`${km} km (${counts[km]})`);
      // The chosen radius (30, the default) stays choosable whatever its count.
      expect(await option.isDisabled(), km).toBe(counts[km] === 0 && km !== '30');
    }
  });

  it('reads a place typed in a link in any case, and has no axe violations at 1280 and 360 px', async () => {
    const failures: Record<string, string[]> = {};
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.page({ viewport, path: '/jobb?near=goteborg&radiusKm=50&sort=distance' });
      if (viewport === MOBILE) await page.getByRole('button', { name: /Visa filter/ }).click();
      await expect.poll(() => placeSelect(page).inputValue()).toBe('Göteborg');
      await expect.poll(() => summary(page)).toBe(await expectedSummary('near=G%C3%B6teborg&radiusKm=50'));
      failures[`${viewport.width}px`] = await axeViolations(page);
    }
    expect(failures).toEqual({ '1280px': [], '360px': [] });
  });
});
