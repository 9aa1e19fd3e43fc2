// 'Yrkesområde' and 'Län' (with their places) on /jobb, at 1280×800 and on a 375×800 phone: each
// choice shows the count /api/jobs/filter-counts gives, several län add up, the results and the URL
// follow, a reload renders the same search (server and browser), and axe finds nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { DESKTOP } from './support/browser.js';
import { expectHeading, settle, useE2e } from './support/e2e.js';

const e2e = useE2e();
const number = new Intl.NumberFormat('sv-SE');
const PHONE = { width: 375, height: 800 } as const;

interface ApiPage {
  jobs: Array<{ _id: string }>;
  totalHits: number;
}
interface Counts {
  occupationFields: Record<string, number>;
  regions: Record<string, number>;
  places: Array<{ name: string; region: string; count: number }>;
}

async function api<T>(path: string): Promise<T> {
  const response = await e2e.portal.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.json() as T;
}

/** What the results summary says for a total (one page of 20). */
function summaryFor(totalHits: number): string {
  const pages = Math.ceil(totalHits / 20);
  return `Visar ${number.format(totalHits)} jobb${pages > 1 ? ` – sida 1 av ${pages}` : ''}`;
}

const summary = (page: Page) => page.locator('.results-summary').textContent();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const checkbox = (page: Page, label: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^${escape(label)} \\(\\d+\\)$`) });
/** A folded group's summary ('Yrkesområde', 'Län (2 valda)', 'Orter i Skåne län'). */
const fold = (page: Page, name: string) =>
  page.locator('summary').filter({ hasText: new RegExp(`^${escape(name)}( \\(\\d+ (?:valt|valda)\\))?$`) });
const resultIds = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));
const query = (values: Record<string, string[]>) =>
  Object.entries(values)
    .flatMap(([name, list]) => list.map((value) => `${name}=${encodeURIComponent(value)}`))
    .join('&');

/** The values with the most ads, most first (ties in name order, so a run picks the same). */
const largest = (counts: Record<string, number>, n: number) =>
  Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b, 'sv'))
    .slice(0, n)
    .map(([name]) => name);

/** On a phone the filters are folded behind 'Visa filter'. */
async function openFilters(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: /^Visa filter/ }).click();
}

describe.each([
  ['1280×800', DESKTOP, false],
  ['375×800', PHONE, true],
] as const)("'Yrkesområde' and several län at %s", (_size, viewport, phone) => {
  it('each choice shows its count, several län add up, and the results, URL and heading follow', async () => {
    const all = await api<Counts>('/api/jobs/filter-counts');
    const [field] = largest(all.occupationFields, 1);
    expect(field, 'the demo has ads in some occupation field').toBeDefined();
    const inField = await api<Counts>(`/api/jobs/filter-counts?${query({ field: [field!] })}`);
    const [first, second, third] = largest(inField.regions, 3);
    expect(third, 'the field has ads in three län').toBeDefined();

    const page = await e2e.page({ viewport, path: '/jobb?sort=newest' });
    await openFilters(page, phone);

    // 'Yrkesområde': every field with its count for the whole corpus.
    await fold(page, 'Yrkesområde').click();
    await expect.poll(() => checkbox(page, field!).count()).toBe(1);
    const fieldLabel = await page.locator('label', { has: checkbox(page, field!) }).textContent();
    expect(fieldLabel).toBe(`${field} (${all.occupationFields[field!]})`);
    await checkbox(page, field!).check();
    await page.waitForURL((url) => url.searchParams.getAll('field').join() === field);
    const fieldApi = await api<ApiPage>(`/api/jobs?${query({ field: [field!] })}`);
    expect(fieldApi.totalHits).toBe(all.occupationFields[field!]);
    await expect.poll(() => summary(page)).toBe(summaryFor(fieldApi.totalHits));
    expect(await resultIds(page)).toEqual(fieldApi.jobs.map((job) => job._id));

    // 'Län': counted within the chosen field; two of them give the ads of both.
    await fold(page, 'Län').click();
    for (const region of [first!, second!, third!]) {
      const label = page.locator('label', { has: checkbox(page, region) });
      await expect.poll(() => label.textContent()).toBe(`${region} (${inField.regions[region]})`);
    }
    await checkbox(page, first!).check();
    await page.waitForURL((url) => url.searchParams.getAll('region').length === 1);
    await checkbox(page, second!).check();
    await page.waitForURL((url) => url.searchParams.getAll('region').length === 2);
    const both = query({ field: [field!], region: [first!, second!] });
    const bothApi = await api<ApiPage>(`/api/jobs?${both}`);
    expect(bothApi.totalHits).toBe(inField.regions[first!]! + inField.regions[second!]!);
    await expect.poll(() => summary(page)).toBe(summaryFor(bothApi.totalHits));
    expect(await resultIds(page)).toEqual(bothApi.jobs.map((job) => job._id));
    // The URL is the search's one canonical form, whatever order the län were ticked in.
    const canonical = await api<ApiPage & { appliedFilters: { region: string[] } }>(`/api/jobs?${both}`);
    expect(new URL(page.url()).searchParams.getAll('region')).toEqual(canonical.appliedFilters.region);

    // One place in a third län, added to the two län: its count adds to theirs.
    const place = inField.places.find((entry) => entry.region === third && entry.count > 0)!;
    await fold(page, `Orter i ${third}`).click();
    await checkbox(page, place.name).check();
    await page.waitForURL((url) => url.searchParams.getAll('municipality').join() === place.name);
    const withPlace = `${both}&${query({ municipality: [place.name] })}`;
    const withPlaceApi = await api<ApiPage>(`/api/jobs?${withPlace}`);
    expect(withPlaceApi.totalHits).toBe(bothApi.totalHits + place.count);
    await expect.poll(() => summary(page)).toBe(summaryFor(withPlaceApi.totalHits));
    const regionsInUrl = new URL(page.url()).searchParams.getAll('region');
    await expectHeading(page, `Jobb inom ${field} i ${regionsInUrl.join(', ')} och ${place.name}`);
    if (phone) {
      // The phone's filters close with a button that counts what they give.
      await expect
        .poll(() => page.getByRole('button', { name: /^Visa [\d\s]+ jobb$/ }).textContent())
        .toBe(`Visa ${number.format(withPlaceApi.totalHits)} jobb`);
    }
    expect(await axeViolations(page)).toEqual([]);

    // A reload renders the same search (the server's HTML, then the browser's), choices still made.
    await page.reload();
    await settle(page);
    await expect.poll(() => summary(page)).toBe(summaryFor(withPlaceApi.totalHits));
    expect(await resultIds(page)).toEqual(withPlaceApi.jobs.map((job) => job._id));
    await openFilters(page, phone);
    expect(await checkbox(page, field!).isChecked()).toBe(true);
    expect(await checkbox(page, first!).isChecked()).toBe(true);
    expect(await checkbox(page, second!).isChecked()).toBe(true);
    expect(await checkbox(page, place.name).isChecked()).toBe(true);

    // Taking the field away widens the search back to the län and the place.
    await checkbox(page, field!).uncheck();
    await page.waitForURL((url) => url.searchParams.getAll('field').length === 0);
    const placesOnly = await api<ApiPage>(
      `/api/jobs?${query({ region: [first!, second!], municipality: [place.name] })}`,
    );
    await expect.poll(() => summary(page)).toBe(summaryFor(placesOnly.totalHits));
    expect(placesOnly.totalHits).toBeGreaterThanOrEqual(withPlaceApi.totalHits);
  });
});

describe('a shared address with the new filters', () => {
  it('is rendered by the server with the filters applied, and hydrates without errors', async () => {
    const all = await api<Counts>('/api/jobs/filter-counts');
    const [region] = largest(all.regions, 1);
    const [field] = largest(all.occupationFields, 1);
    const search = query({ field: [field!], region: [region!] });
    const expected = await api<ApiPage>(`/api/jobs?${search}`);
    // The server's HTML alone (the app's scripts never load) already shows the narrowed results.
    const html = await e2e.page({ scripts: 'not-the-apps' });
    await html.goto(`/jobb?${search}`);
    expect(await summary(html)).toBe(summaryFor(expected.totalHits));
    expect(await resultIds(html)).toEqual(expected.jobs.map((job) => job._id));
    expect(await html.locator(`input[name="region"][value="${region}"]`).isChecked()).toBe(true);
    expect(await axeViolations(html)).toEqual([]);

    const page = await e2e.page({ path: `/jobb?${search}` });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.reload();
    await settle(page);
    await expect.poll(() => summary(page)).toBe(summaryFor(expected.totalHits));
    expect(errors).toEqual([]);
  });
});
