// The filters 'Publicerad', 'Ingen erfarenhet krävs', 'Inget körkort krävs', 'Distansarbete' and the
// order on /jobb: each changes the results and the URL, survives reload and back, combines with the
// others, shows the count /api/jobs/filter-counts gives (0 → disabled), and passes axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { settle, useE2e } from './support/e2e.js';

const e2e = useE2e();
const number = new Intl.NumberFormat('sv-SE');

interface ApiPage {
  jobs: Array<{ _id: string }>;
  totalHits: number;
}
interface Counts {
  published: Record<'1' | '3' | '7' | '30', number>;
  experience: number;
  drivingLicence: number;
  remote: number;
}

async function api<T>(path: string): Promise<T> {
  const response = await e2e.portal.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.json() as T;
}

/** What the results summary says for a search, from /api/jobs's total (one page of 20). */
async function expectedSummary(query: string): Promise<string> {
  const { totalHits } = await api<ApiPage>(`/api/jobs?${query}`);
  const pages = Math.ceil(totalHits / 20);
  return `Visar ${number.format(totalHits)} jobb${pages > 1 ? ` – sida 1 av ${pages}` : ''}`;
}

const summary = (page: Page) => page.locator('.results-summary').textContent();
const params = (page: Page) => new URL(page.url()).search.replace(/^\?/, '');
const checkbox = (page: Page, label: string) => page.getByRole('checkbox', { name: new RegExp(`^${label}`) });
const radio = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}`) });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sortera', exact: true });
const resultIds = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));

describe('the new filters and the order on /jobb', () => {
  it('each filter changes results and URL, they combine, and reload and back keep them', async () => {
    const page = await e2e.page({ path: '/jobb' });

    await checkbox(page, 'Distansarbete').check();
    await page.waitForURL((url) => url.search === '?remote=true');
    await expect.poll(() => summary(page)).toBe(await expectedSummary('remote=true'));
    const remoteOnly = await resultIds(page);
    const remoteApi = await api<ApiPage>('/api/jobs?remote=true');
    expect(remoteOnly).toEqual(remoteApi.jobs.map((job) => job._id));
    expect(remoteApi.totalHits).toBeGreaterThan(0);

    await radio(page, 'Senaste veckan').check();
    await page.waitForURL((url) => url.searchParams.get('published') === '7');
    expect(params(page)).toBe('published=7&remote=true');
    await expect.poll(() => summary(page)).toBe(await expectedSummary('published=7&remote=true'));

    await checkbox(page, 'Ingen erfarenhet krävs').check();
    await page.waitForURL((url) => url.searchParams.get('experience') === 'false');
    const combined = 'published=7&experience=false&remote=true';
    expect(params(page)).toBe(combined);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(combined));

    await checkbox(page, 'Inget körkort krävs').check();
    await page.waitForURL((url) => url.searchParams.get('drivingLicence') === 'false');
    const all = 'published=7&experience=false&drivingLicence=false&remote=true';
    expect(params(page)).toBe(all);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(all));

    await page.reload();
    await settle(page);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(all));
    expect(await checkbox(page, 'Distansarbete').isChecked()).toBe(true);
    expect(await checkbox(page, 'Ingen erfarenhet krävs').isChecked()).toBe(true);
    expect(await checkbox(page, 'Inget körkort krävs').isChecked()).toBe(true);
    expect(await radio(page, 'Senaste veckan').isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('drivingLicence') === null);
    expect(params(page)).toBe(combined);
    await expect.poll(() => summary(page)).toBe(await expectedSummary(combined));
    expect(await checkbox(page, 'Inget körkort krävs').isChecked()).toBe(false);
    await page.goBack();
    await page.goBack();
    await page.waitForURL((url) => url.search === '?remote=true');
    await expect.poll(() => resultIds(page)).toEqual(remoteOnly);
    expect(await radio(page, 'När som helst').isChecked()).toBe(true);

    await checkbox(page, 'Distansarbete').uncheck();
    await page.waitForURL((url) => url.search === '');
  });

  it('the order changes the results and the URL, and survives reload', async () => {
    const page = await e2e.page({ path: '/jobb?mainCategory=IT' });
    expect(await sortSelect(page).inputValue()).toBe('newest');
    const newest = await resultIds(page);

    await sortSelect(page).selectOption({ label: 'Sista ansökningsdag' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'deadline');
    const deadlineApi = (await api<ApiPage>('/api/jobs?mainCategory=IT&sort=deadline')).jobs.map(
      (job) => job._id,
    );
    await expect.poll(() => resultIds(page)).toEqual(deadlineApi);
    expect(deadlineApi).not.toEqual(newest);

    await page.reload();
    await settle(page);
    await expect.poll(() => resultIds(page)).toEqual(deadlineApi);
    expect(await sortSelect(page).inputValue()).toBe('deadline');

    // With a text the default is relevance; 'Nyast' is then a choice of its own.
    const text = await e2e.page({ path: '/jobb?search=utvecklare' });
    expect(await sortSelect(text).inputValue()).toBe('relevance');
    await sortSelect(text).selectOption({ label: 'Nyast' });
    await text.waitForURL((url) => url.searchParams.get('sort') === 'newest');
    const newestApi = (await api<ApiPage>('/api/jobs?search=utvecklare&sort=newest')).jobs.map(
      (job) => job._id,
    );
    await expect.poll(() => resultIds(text)).toEqual(newestApi);
    await sortSelect(text).selectOption({ label: 'Mest relevant' });
    await text.waitForURL((url) => url.searchParams.get('sort') === null);
    const relevanceApi = (await api<ApiPage>('/api/jobs?search=utvecklare')).jobs.map((job) => job._id);
    await expect.poll(() => resultIds(text)).toEqual(relevanceApi);
  });

  it('shows each choice’s count for the current search, and a choice with none disabled', async () => {
    // A search where some choice gives nothing: remote ads are placed in 'Distans', never in a city.
    const query = 'city=Stockholm';
    const counts = await api<Counts>(`/api/jobs/filter-counts?${query}`);
    expect(counts.remote).toBe(0);
    const page = await e2e.page({ path: `/jobb?${query}` });
    const labels: Array<[string, number]> = [
      ['Senaste dygnet', counts.published['1']],
      ['Senaste 3 dagarna', counts.published['3']],
      ['Senaste veckan', counts.published['7']],
      ['Senaste månaden', counts.published['30']],
    ];
    for (const [label, count] of labels) {
      await expect.poll(() => radio(page, label).getAttribute('value')).not.toBeNull();
      await expect
        .poll(() => page.locator('label', { has: radio(page, label) }).textContent())
        .toBe(`${label} (${count})`);
      expect(await radio(page, label).isDisabled()).toBe(count === 0);
    }
    for (const [label, count] of [
      ['Ingen erfarenhet krävs', counts.experience],
      ['Inget körkort krävs', counts.drivingLicence],
      ['Distansarbete', counts.remote],
    ] as const) {
      await expect
        .poll(() => page.locator('label', { has: checkbox(page, label) }).textContent())
        .toBe(`${label} (${count})`);
      expect(await checkbox(page, label).isDisabled()).toBe(count === 0);
    }
    // The counts are those of the search: each one is the total that choice then shows.
    await checkbox(page, 'Ingen erfarenhet krävs').check();
    await page.waitForURL((url) => url.searchParams.get('experience') === 'false');
    await expect.poll(() => summary(page)).toBe(await expectedSummary(`${query}&experience=false`));
    expect((await api<ApiPage>(`/api/jobs?${query}&experience=false`)).totalHits).toBe(counts.experience);
  });

  it('drops values a URL cannot mean instead of failing', async () => {
    const page = await e2e.page({
      path: '/jobb?published=2&experience=true&remote=yes&sort=distance&city=Stockholm',
    });
    await expect.poll(() => summary(page)).toBe(await expectedSummary('city=Stockholm'));
    expect(await radio(page, 'När som helst').isChecked()).toBe(true);
  });

  it('has no axe violations at 1280 and 360 px with filters chosen', { timeout: 120_000 }, async () => {
    const failures: Record<string, string[]> = {};
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.page({
        viewport,
        path: '/jobb?published=30&experience=false&sort=deadline&city=Stockholm',
      });
      if (viewport === MOBILE) await page.getByRole('button', { name: /Visa filter/ }).click();
      await expect.poll(() => checkbox(page, 'Distansarbete').isDisabled()).toBe(true);
      failures[`${viewport.width}px`] = await axeViolations(page);
    }
    expect(failures).toEqual({ '1280px': [], '360px': [] });
  });
});
