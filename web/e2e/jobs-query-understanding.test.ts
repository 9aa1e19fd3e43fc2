// Texts typed the way Swedes type them on /jobb: 'lärarjobb malmö' is searched as lärare in Malmö
// and the page says so, with one link to search exactly what was typed; an empty result offers
// 'Menade du …?' for a misspelling and the filters whose removal gives hits, with their counts.
import { toSearchDocument } from '@jobbportalen/indexer';
import { completed } from '@jobbportalen/storage';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { gotoAndSettle, settle, useE2e } from './support/e2e.js';

// Seeds ads for the questions it asks.
const e2e = useE2e({ ownPortal: true });

interface ApiPage {
  jobs: Array<{ _id: string }>;
  totalHits: number;
}
interface Help {
  suggestions: Array<{ text: string; totalHits: number }>;
  removableFilters: Array<{ name: string; label: string; totalHits: number }>;
}

async function api<T>(path: string): Promise<T> {
  const response = await e2e.portal.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.json() as T;
}

// Teachers and a cook in Malmö, full time: the simulator's corpus need not have them.
const SEEDED = [
  { id: 'e2e-understand-teacher-1', title: 'Lärare i svenska', occupation: 'Grundskollärare' },
  { id: 'e2e-understand-teacher-2', title: 'Lärare i matematik', occupation: 'Gymnasielärare' },
  { id: 'e2e-understand-cook', title: 'Kock', occupation: 'Kock' },
];

beforeAll(async () => {
  const jobs = SEEDED.map(({ id, ...fields }) =>
    normalizedJob(id, { ...fields, location: 'Malmö', municipality: 'Malmö', extent: 'Heltid' }),
  );
  await e2e.portal.database.db
    .insertInto('jobs')
    .values(jobs.map((job) => normalizedJobRow(job, null)))
    .execute();
  const index = e2e.portal.search.client.index(e2e.portal.indexUid);
  await completed(index.addDocuments(jobs.map(toSearchDocument)));
});

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Sökord' });
const params = (page: Page) => new URL(page.url()).searchParams;
const resultIds = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));
const apiIds = async (query: string) => (await api<ApiPage>(`/api/jobs?${query}`)).jobs.map((job) => job._id);

async function expectNoAxeViolationsAtBothWidths(page: Page): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([]);
  }
}

describe('search texts understood on /jobb', () => {
  it("shows how 'lärarjobb malmö' was understood, and searches exactly what was typed on request", async () => {
    const page = await e2e.page({ path: '/jobb' });
    await searchBox(page).fill('lärarjobb malmö');
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('city') === 'Malmö');
    expect(params(page).get('search')).toBe('lärare');

    const sentence = page.locator('.query-interpretation');
    await expect
      .poll(() => sentence.textContent())
      .toBe('Visar jobb som lärare i Malmö. Sök exakt på ”lärarjobb malmö”');
    const understood = await apiIds('search=l%C3%A4rare&city=Malm%C3%B6');
    expect(understood).toEqual(
      expect.arrayContaining(['e2e-understand-teacher-1', 'e2e-understand-teacher-2']),
    );
    await expect.poll(() => resultIds(page)).toEqual(understood);
    await expectNoAxeViolationsAtBothWidths(page);

    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Sök exakt på ”lärarjobb malmö”' }).click();
    await page.waitForURL((url) => url.searchParams.get('exact') === 'true');
    expect(params(page).get('search')).toBe('lärarjobb malmö');
    expect(params(page).get('city')).toBeNull();
    await expect.poll(() => searchBox(page).inputValue()).toBe('lärarjobb malmö');
    expect(await sentence.count()).toBe(0);
    const exact = await apiIds('search=l%C3%A4rarjobb%20malm%C3%B6&exact=true');
    await expect.poll(() => resultIds(page)).toEqual(exact);

    // Reload keeps the exact search: the text is not understood again.
    await page.reload();
    await settle(page);
    expect(params(page).get('exact')).toBe('true');
    expect(params(page).get('search')).toBe('lärarjobb malmö');
    expect(await searchBox(page).inputValue()).toBe('lärarjobb malmö');

    // Back to the understood search shows its sentence again.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('city') === 'Malmö');
    await expect.poll(() => sentence.count()).toBe(1);
  });

  it("offers 'Menade du …?' for a misspelling, and the link searches it", async () => {
    expect((await api<ApiPage>('/api/jobs?search=kokc')).totalHits).toBe(0);
    const page = await e2e.page({ path: '/jobb?search=kokc' });
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Inga jobb hittades.' }).count())
      .toBe(1);
    const help = await api<Help>('/api/jobs/zero-hit-help?search=kokc');
    expect(help.suggestions.map((suggestion) => suggestion.text)).toContain('kock');
    const suggestion = page.getByRole('link', { name: 'kock', exact: true });
    await expect
      .poll(() => page.locator('.zero-hit-help p').first().textContent())
      .toMatch(/^Menade du .*kock.*\?$/);
    await expectNoAxeViolationsAtBothWidths(page);

    await page.setViewportSize(DESKTOP);
    await suggestion.click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'kock');
    await expect.poll(() => resultIds(page)).toEqual(await apiIds('search=kock'));
    expect(await resultIds(page)).toContain('e2e-understand-cook');
  });

  it('lists the filters whose removal gives hits, with the counts /api/jobs gives', async () => {
    const query = 'search=l%C3%A4rare&city=Malm%C3%B6&extent=Deltid';
    expect((await api<ApiPage>(`/api/jobs?${query}`)).totalHits).toBe(0);
    const withoutDeltid = (await api<ApiPage>('/api/jobs?search=l%C3%A4rare&city=Malm%C3%B6')).totalHits;
    expect(withoutDeltid).toBeGreaterThanOrEqual(2);
    const help = await api<Help>(`/api/jobs/zero-hit-help?${query}`);

    const page = await e2e.page({ path: `/jobb?${query}` });
    const links = page.locator('.zero-hit-help li a');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(help.removableFilters.map((filter) => `Utan ${filter.label}: ${filter.totalHits} jobb`));
    expect(await links.allTextContents()).toContain(`Utan Deltid: ${withoutDeltid} jobb`);
    await expectNoAxeViolationsAtBothWidths(page);

    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: `Utan Deltid: ${withoutDeltid} jobb` }).click();
    await page.waitForURL((url) => url.searchParams.get('extent') === null);
    expect(params(page).get('city')).toBe('Malmö');
    await expect.poll(() => resultIds(page)).toEqual(await apiIds('search=l%C3%A4rare&city=Malm%C3%B6'));
  });

  it('understands a typed link the same way on entry', async () => {
    const page = await e2e.page();
    await gotoAndSettle(page, '/jobb?search=jobb%20som%20kock%20i%20malm%C3%B6');
    await page.waitForURL((url) => url.searchParams.get('city') === 'Malmö');
    expect(params(page).get('search')).toBe('kock');
    await expect
      .poll(() => page.locator('.query-interpretation').textContent())
      .toBe('Visar jobb som kock i Malmö. Sök exakt på ”jobb som kock i malmö”');
    await expect
      .poll(() => resultIds(page))
      .toEqual(await apiIds('search=jobb%20som%20kock%20i%20malm%C3%B6'));
  });
});
