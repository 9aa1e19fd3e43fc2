// A job seeker's core path with JavaScript switched off: the server's HTML alone must carry the
// start page, /jobb's search form, filters and pagination, the job page and its 'Ansök nu', and the
// 404/410 answers for unknown and removed ads — and pass axe at both widths.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { headingOf, useE2e } from './support/e2e.js';

const e2e = useE2e();

const number = new Intl.NumberFormat('sv-SE');
const BROWSE_HEADING = 'Bläddra bland jobb på Jobbportalen';

/** A page whose own scripts never run (Playwright's checks still can). */
const pageWithoutScripts = (viewport = DESKTOP): Promise<Page> => e2e.page({ viewport, scripts: 'off' });

/** For axe: the server's HTML alone, in a page that runs scripts but gets none of the app's. */
const pageWithoutTheAppsScripts = (viewport: { width: number; height: number }): Promise<Page> =>
  e2e.page({ viewport, scripts: 'not-the-apps' });

/** Opens `path` and returns the HTTP status of the document. */
async function open(page: Page, pathAndQuery: string): Promise<number> {
  const response = await page.goto(pathAndQuery);
  return response?.status() ?? 0;
}

interface ApiPage {
  jobs: Array<{ _id: string }>;
  totalHits: number;
}

async function api(query: string): Promise<ApiPage> {
  const response = await e2e.portal.app.inject(`/api/jobs?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json<ApiPage>();
}

/** What the results summary says for a search on one of its pages (20 jobs a page). */
function summaryOf(total: number, page: number): string {
  const pages = Math.ceil(total / 20);
  return `Visar ${number.format(total)} jobb${pages > 1 ? ` – sida ${page} av ${pages}` : ''}`;
}

const summary = (page: Page) => page.locator('.results-summary').textContent();
const select = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const resultIds = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));
/** The filter panel's own 'Sök' (the start page's hero form has one too). */
const submitFilters = (page: Page) =>
  page.locator('form.jobs-filters-form').getByRole('button', { name: 'Sök', exact: true }).click();

/** Results, summary and heading of /jobb as the API answers the same search. */
async function expectResults(page: Page, query: string, heading: string, pageNumber = 1): Promise<string[]> {
  const expected = await api(query);
  expect(expected.totalHits, query).toBeGreaterThan(0);
  expect(await headingOf(page)).toBe(heading);
  expect(await summary(page)).toBe(summaryOf(expected.totalHits, pageNumber));
  const ids = await resultIds(page);
  expect(ids).toEqual(expected.jobs.map((job) => job._id));
  return ids;
}

describe('without JavaScript', () => {
  it('the start page shows its hero and the latest jobs, and its search lands on /jobb', async () => {
    const page = await pageWithoutScripts();
    expect(await open(page, '/')).toBe(200);
    // Rendered by the server: the page carries the data a browser with scripts would hydrate from.
    expect(await page.locator('script#page-data').count()).toBe(1);
    expect(await headingOf(page)).toBe('Hitta ditt drömjobb efter sommaren');
    const stats = (await e2e.portal.app.inject('/api/jobs/stats')).json<{
      totalJobs: number;
      totalVacancies: number;
    }>();
    expect(await page.locator('.hero-stats').textContent()).toBe(
      `Just nu ${number.format(stats.totalJobs)} annonser – totalt ${number.format(stats.totalVacancies)} lediga tjänster`,
    );
    const latest = page.getByRole('region', { name: 'Populära jobb just nu' });
    const hrefs = await latest
      .locator('.job-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual((await e2e.portal.liveJobs({ limit: 6 })).map((job) => `/jobb/${job.id}`));

    await page.getByRole('combobox', { name: 'Sök bland lediga jobb' }).fill('utvecklare');
    await page.locator('form.job-search').getByRole('button', { name: 'Sök' }).click();
    await page.waitForURL((url) => url.pathname === '/jobb' && url.search === '?search=utvecklare');
    await expectResults(page, 'search=utvecklare', BROWSE_HEADING);
    expect(await page.getByRole('searchbox', { name: 'Sökord' }).inputValue()).toBe('utvecklare');
  });

  it("/jobb: a text with 'Sök', page 2 by its link, then a category and a place", async () => {
    const page = await pageWithoutScripts();
    expect(await open(page, '/jobb')).toBe(200);
    expect(await headingOf(page)).toBe(BROWSE_HEADING);
    // The toggle that hides the selects on small screens applies only once scripts run.
    expect(await page.locator('.jobs-filters').getAttribute('class')).not.toContain('is-scripted');
    // The shell's word that the app needs JavaScript is not said under a page that works without it.
    const body = await page.locator('body').textContent();
    expect(body).toContain('Utan JavaScript kan du söka och läsa annonser.');
    expect(body).not.toContain('behöver JavaScript för att fungera');

    await page.getByRole('searchbox', { name: 'Sökord' }).fill('utvecklare');
    await submitFilters(page);
    await page.waitForURL((url) => url.searchParams.get('search') === 'utvecklare');
    const firstPage = await expectResults(page, 'search=utvecklare', BROWSE_HEADING);
    expect(firstPage).toHaveLength(20);

    await page.getByRole('link', { name: 'Sida 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const secondPage = await expectResults(page, 'search=utvecklare&page=2', BROWSE_HEADING, 2);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    expect(await page.getByRole('link', { name: 'Sida 2', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.getByRole('link', { name: 'Sida 1', exact: true }).getAttribute('aria-current')).toBe(
      null,
    );

    // The whole panel is one form: the text stays, the filters join it, and the page starts again at 1.
    await select(page, 'Huvudkategori').selectOption('IT');
    await select(page, 'Ort').selectOption('Stockholm');
    await submitFilters(page);
    await page.waitForURL((url) => url.searchParams.get('city') === 'Stockholm');
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe('utvecklare');
    expect(url.searchParams.get('mainCategory')).toBe('IT');
    expect(url.searchParams.get('page')).toBeNull();
    await expectResults(page, 'search=utvecklare&mainCategory=IT&city=Stockholm', 'Jobb inom IT i Stockholm');
    expect(await select(page, 'Huvudkategori').inputValue()).toBe('IT');
    expect(await select(page, 'Ort').inputValue()).toBe('Stockholm');
    expect(await page.getByRole('searchbox', { name: 'Sökord' }).inputValue()).toBe('utvecklare');

    // 'Tillbaka till bläddra bland jobb' is a link to the plain browser.
    await page.getByRole('link', { name: 'Tillbaka till bläddra bland jobb' }).click();
    await page.waitForURL((address) => address.pathname === '/jobb' && address.search === '');
    expect(await headingOf(page)).toBe(BROWSE_HEADING);
  });

  it("an ad opened from the results shows its title, description and 'Ansök nu'", async () => {
    const page = await pageWithoutScripts();
    expect(await open(page, '/jobb?mainCategory=IT')).toBe(200);
    const [firstId] = await expectResults(page, 'mainCategory=IT', 'Jobb inom IT');
    const job = await e2e.portal.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', firstId!)
      .executeTakeFirstOrThrow();

    const opened = page.waitForResponse(
      (response) => response.request().isNavigationRequest() && response.url().endsWith(`/jobb/${job.id}`),
    );
    await page.locator('.jobs-content .job-card-link').first().click();
    expect((await opened).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === `/jobb/${job.id}`);
    expect(await headingOf(page)).toBe(job.title);
    expect(await page.locator('.job-ad-company').textContent()).toBe(job.company);
    const description = (await page.locator('.job-description').textContent())!.replace(/\s+/g, ' ');
    expect(description).toContain(job.descriptionText.replace(/\s+/g, ' ').slice(0, 80));
    expect(await page.getByRole('link', { name: /Ansök nu/ }).getAttribute('href')).toBe(job.applicationUrl);
  });

  it('/jobb results have no axe violations at 1280 px and at 360 px', { timeout: 120_000 }, async () => {
    const failures: Record<string, string[]> = {};
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await pageWithoutTheAppsScripts(viewport);
      expect(await open(page, '/jobb?mainCategory=IT&extent=Heltid')).toBe(200);
      expect(await headingOf(page)).toBe('Jobb inom IT');
      await page.locator('.results-summary').waitFor();
      expect(await page.locator('.jobs-filters').getAttribute('class')).not.toContain('is-scripted');
      // Without scripts the selects stay in view on a small screen too: the toggle could not open them.
      expect(await select(page, 'Ort').isVisible()).toBe(true);
      const violations = await axeViolations(page);
      if (violations.length > 0) failures[`${viewport.width} px`] = violations;
    }
    expect(failures).toEqual({});
  });

  it("an unknown ad is a 404 'Jobb ej hittat.', a removed one a 410 that says it is closed", async () => {
    const page = await pageWithoutScripts();
    expect(await open(page, '/jobb/99999999999')).toBe(404);
    expect(await headingOf(page)).toBe('Jobb ej hittat.');

    const id = await e2e.portal.removedJobId();
    const row = await e2e.portal.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await open(page, `/jobb/${id}`)).toBe(410);
    expect(await headingOf(page)).toBe('Annonsen är inte längre aktuell');
    expect((await page.locator('main').textContent())!.replace(/\s+/g, ' ')).toContain(
      `Jobbet ${row.title} hos ${row.company} går inte längre att söka.`,
    );
    expect(await page.getByRole('link', { name: /Ansök nu/ }).count()).toBe(0);
  });
});
