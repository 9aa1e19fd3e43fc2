// The job browser /jobb: browse mode, results mode, entry parameters, the
// URL kept in sync with back/forward, messages, pagination and the filters.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, settle, useE2e } from './support/e2e.js';

const e2e = useE2e();
const number = new Intl.NumberFormat('sv-SE');

/** Live ads matching the given columns, counted in the database (the source of truth). */
async function countLive(where: {
  mainCategory?: string;
  location?: string;
  extent?: string;
  form?: string;
}) {
  let query = e2e.portal.database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('removedAt', 'is', null);
  for (const [column, value] of Object.entries(where)) {
    query = query.where(column as 'mainCategory', '=', value);
  }
  return Number((await query.executeTakeFirstOrThrow()).count);
}

const summaryOf = (total: number, page: number) => {
  const pages = Math.ceil(total / 20);
  return `Visar ${number.format(total)} jobb${pages > 1 ? ` – sida ${page} av ${pages}` : ''}`;
};

const summary = (page: Page) => page.locator('.results-summary');
const search = (page: Page) => new URL(page.url()).search;
const select = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const resultLinks = (page: Page) =>
  page
    .locator('.jobs-content .job-card-link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** The pagination as the visitor reads it: page numbers, '…', with the current page in [brackets]. */
async function paginationTokens(page: Page): Promise<string[]> {
  return page.locator('.page-numbers > li').evaluateAll((items) =>
    items.map((li) => {
      const link = li.querySelector('a');
      if (!link) return li.textContent?.trim() ?? '';
      return link.getAttribute('aria-current') === 'page'
        ? `[${link.textContent}]`
        : (link.textContent ?? '');
    }),
  );
}

function expectWellFormedPagination(tokens: string[], current: number, total: number) {
  const numbers = tokens.filter((token) => token !== '…').map((token) => Number(token.replace(/[[\]]/g, '')));
  expect(numbers.length).toBeLessThanOrEqual(7);
  expect(numbers[0]).toBe(1);
  expect(numbers.at(-1)).toBe(total);
  expect(tokens).toContain(`[${current}]`);
  // Numbers rise; wherever pages are left out an ellipsis stands in their place, and only there.
  for (let i = 1; i < tokens.length; i += 1) {
    const previous = tokens[i - 1]!;
    const token = tokens[i]!;
    if (token === '…') continue;
    const n = Number(token.replace(/[[\]]/g, ''));
    const before =
      previous === '…'
        ? Number(tokens[i - 2]!.replace(/[[\]]/g, ''))
        : Number(previous.replace(/[[\]]/g, ''));
    expect(n).toBeGreaterThan(before);
    if (previous === '…') expect(n - before).toBeGreaterThan(1);
    else expect(n - before).toBe(1);
  }
}

describe('browse mode', () => {
  it('shows the popular categories and cities with their counts, and the latest jobs', async () => {
    const page = await e2e.page({ path: '/jobb' });
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    expect(await page.getByRole('link', { name: 'Tillbaka till bläddra bland jobb' }).count()).toBe(0);
    await expect.poll(() => page.locator('.shortcut-count').first().textContent()).not.toBe('…');

    const categories = page.getByRole('region', { name: 'Populära kategorier' });
    const shown = await categories
      .locator('.shortcut')
      .evaluateAll((links) =>
        links.map((a) => [
          a.querySelector('.shortcut-name')?.textContent,
          a.querySelector('.shortcut-count')?.textContent,
          a.getAttribute('href'),
        ]),
      );
    const expected = [];
    for (const name of ['IT', 'Sälj', 'Vård', 'Ekonomi', 'Kundservice'])
      expected.push([
        name,
        `${number.format(await countLive({ mainCategory: name }))} jobb`,
        `/jobb?mainCategory=${encodeURIComponent(name)}`,
      ]);
    expect(shown).toEqual(expected);
    expect(expected.some(([, count]) => count !== '0 jobb')).toBe(true);

    const cities = page.getByRole('region', { name: 'Populära orter' });
    const cityCounts = await cities
      .locator('.shortcut')
      .evaluateAll((links) =>
        links.map((a) => [
          a.querySelector('.shortcut-name')?.textContent,
          a.querySelector('.shortcut-count')?.textContent,
        ]),
      );
    const remote = Number(
      (
        await e2e.portal.database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('removedAt', 'is', null)
          .where('remote', '=', true)
          .executeTakeFirstOrThrow()
      ).count,
    );
    expect(cityCounts).toEqual([
      ['Stockholm', `${number.format(await countLive({ location: 'Stockholm' }))} jobb`],
      ['Göteborg', `${number.format(await countLive({ location: 'Göteborg' }))} jobb`],
      ['Malmö', `${number.format(await countLive({ location: 'Malmö' }))} jobb`],
      ['Distans', `${number.format(remote)} jobb`],
    ]);

    const latest = page.getByRole('region', { name: 'Senaste jobben' });
    const hrefs = await latest
      .locator('.job-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual((await e2e.portal.liveJobs({ limit: 10 })).map((job) => `/jobb/${job.id}`));
  });

  it('a category shortcut switches to results mode for that category', async () => {
    const page = await e2e.page({ path: '/jobb' });
    await page.locator('.shortcut', { has: page.locator('.shortcut-name', { hasText: /^Vård$/ }) }).click();
    await expectHeading(page, 'Jobb inom Vård');
    await page.waitForURL((url) => url.search === '?mainCategory=V%C3%A5rd');
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ mainCategory: 'Vård' }), 1));
    expect(await select(page, 'Huvudkategori').inputValue()).toBe('Vård');
  });
});

describe('every ad from /jobb', () => {
  it("'Visa alla N jobb' lists every live ad, newest first, page by page", async () => {
    const page = await e2e.page({ path: '/jobb' });
    const total = await countLive({});
    const showAll = page.getByRole('link', { name: `Visa alla ${number.format(total)} jobb` });
    await expect.poll(() => showAll.count()).toBe(1);
    expect(await showAll.getAttribute('href')).toBe('/jobb?sort=newest');
    await showAll.click();
    await page.waitForURL((url) => url.search === '?sort=newest');
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, 1));

    // Paged to the end with 'Nästa', every live ad is listed once.
    const seen: string[] = [];
    for (let number = 1; ; number += 1) {
      await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, number));
      seen.push(
        ...(await page
          .locator('.job-card-link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
      );
      const next = page.getByRole('link', { name: /Nästa/ });
      // The last page's 'Nästa' is there, disabled.
      if ((await next.getAttribute('aria-disabled')) === 'true') break;
      await next.click();
    }
    const live = await e2e.portal.database.db
      .selectFrom('jobs')
      .select('id')
      .where('removedAt', 'is', null)
      .execute();
    expect(seen.length).toBe(total);
    expect(new Set(seen)).toEqual(new Set(live.map(({ id }) => `/jobb/${encodeURIComponent(id)}`)));
    // Newest first, as the overview's latest ten are.
    expect(seen.slice(0, 10)).toEqual(
      (await e2e.portal.liveJobs({ limit: 10 })).map((job) => `/jobb/${job.id}`),
    );
  });
});

describe('results mode', () => {
  it("headings: 'Jobb inom X i Y', 'Jobb inom X', 'Jobb i Y' and 'Bläddra bland jobb på Jobbportalen'", async () => {
    const page = await e2e.page({ path: '/jobb?mainCategory=IT&city=Stockholm' });
    await expectHeading(page, 'Jobb inom IT i Stockholm');
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ mainCategory: 'IT', location: 'Stockholm' }), 1));
    expect(await page.title()).toBe('Jobb inom IT i Stockholm – Jobbportalen');

    await gotoAndSettle(page, '/jobb?mainCategory=Ekonomi');
    await expectHeading(page, 'Jobb inom Ekonomi');
    await gotoAndSettle(page, '/jobb?city=Malm%C3%B6');
    await expectHeading(page, 'Jobb i Malmö');
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ location: 'Malmö' }), 1));
    await gotoAndSettle(page, '/jobb?extent=Deltid');
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    // Results mode: the back link is there and the browse sections are not.
    expect(await page.getByRole('link', { name: 'Tillbaka till bläddra bland jobb' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Populära kategorier' }).count()).toBe(0);
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ extent: 'Deltid' }), 1));
  });

  it('on entry, search equal to a city is the city filter and equal to a category the category filter', async () => {
    const page = await e2e.page({ path: '/jobb?search=g%C3%B6teborg' });
    await expectHeading(page, 'Jobb i Göteborg');
    expect(search(page)).toBe('?city=G%C3%B6teborg');
    expect(await select(page, 'Ort').inputValue()).toBe('Göteborg');
    expect(await page.getByRole('searchbox', { name: 'Sökord' }).inputValue()).toBe('');
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ location: 'Göteborg' }), 1));

    await gotoAndSettle(page, '/jobb?search=kundservice');
    await expectHeading(page, 'Jobb inom Kundservice');
    expect(search(page)).toBe('?mainCategory=Kundservice');
    expect(await select(page, 'Huvudkategori').inputValue()).toBe('Kundservice');

    // A place outside the popular four is known from the filter list.
    await gotoAndSettle(page, '/jobb?search=Uppsala');
    await expectHeading(page, 'Jobb i Uppsala');
    expect(search(page)).toBe('?city=Uppsala');

    // Anything else stays a free-text search.
    await gotoAndSettle(page, '/jobb?search=sjuksk%C3%B6terska');
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    expect(await page.getByRole('searchbox', { name: 'Sökord' }).inputValue()).toBe('sjuksköterska');
    await expect.poll(() => summary(page).textContent()).toMatch(/^Visar \d+ jobb/);
  });

  it("shows 'Laddar...' while the search is under way", async () => {
    // The page comes with its first results (server-rendered): a search the browser makes itself
    // is a refinement, here choosing the category.
    const page = await e2e.page({ path: '/jobb' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let searches = 0;
    await page.route('**/api/search/multi-search', async (route) => {
      searches += 1;
      await held;
      await route.continue();
    });
    await select(page, 'Huvudkategori').selectOption('IT');
    await expect.poll(() => searches).toBeGreaterThan(0);
    await page.getByText('Laddar...').waitFor();
    expect(await summary(page).count()).toBe(0);
    release();
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ mainCategory: 'IT' }), 1));
    expect(await page.getByText('Laddar...').count()).toBe(0);
  });

  it("says 'Inga jobb hittades.' when nothing matches, and when the search fails", async () => {
    const page = await e2e.page({ path: '/jobb?search=qwxzyvb' });
    // The message and no ad (the offer to watch the search follows it: worth it with no hits too).
    const message = page.locator('.jobs-content > .status-message');
    await expect.poll(() => message.textContent()).toBe('Inga jobb hittades.');
    expect(await page.locator('.jobs-content .job-card').count()).toBe(0);
    expect(await page.locator('.jobs-content .save-search').count()).toBe(1);
    expect(await page.locator('.pagination').count()).toBe(0);

    await page.route('**/api/search/multi-search', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Fel"}' }),
    );
    await gotoAndSettle(page, '/jobb');
    await select(page, 'Huvudkategori').selectOption('IT');
    await expect.poll(() => message.textContent()).toBe('Inga jobb hittades.');
    expect(await page.locator('.jobs-content .job-card').count()).toBe(0);
  });

  it('the free-text search and "Sök endast i titel" narrow the results and are kept in the URL', async () => {
    const page = await e2e.page({ path: '/jobb' });
    const box = page.getByRole('searchbox', { name: 'Sökord' });
    await box.fill('sjuksköterska');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'sjuksköterska');
    await expect.poll(() => summary(page).textContent()).toMatch(/^Visar \d+ jobb/);
    const everywhere = Number((await summary(page).textContent())!.match(/Visar (\d+)/)![1]);

    await page.getByRole('checkbox', { name: 'Sök endast i titel' }).check();
    await page.waitForURL((url) => url.searchParams.get('titleOnly') === 'true');
    await expect
      .poll(async () => (await page.locator('.jobs-content .job-card-link').allTextContents()).length)
      .toBeGreaterThan(0);
    await expect
      .poll(async () =>
        (await page.locator('.jobs-content .job-card-link').allTextContents()).every((title) =>
          title.toLowerCase().includes('sjukskötersk'),
        ),
      )
      .toBe(true);
    const inTitles = Number((await summary(page).textContent())!.match(/Visar (\d+)/)![1]);
    expect(inTitles).toBeLessThanOrEqual(everywhere);
    expect(inTitles).toBeGreaterThan(0);

    // A reload restores the same state from the URL.
    await page.reload();
    await settle(page);
    expect(await page.getByRole('checkbox', { name: 'Sök endast i titel' }).isChecked()).toBe(true);
    expect(await box.inputValue()).toBe('sjuksköterska');
    await expect.poll(() => summary(page).textContent()).toMatch(new RegExp(`^Visar ${inTitles} jobb`));
  });

  it('filters are kept in the URL, and back and forward restore them', async () => {
    const page = await e2e.page({ path: '/jobb' });
    await select(page, 'Huvudkategori').selectOption('IT');
    await page.waitForURL((url) => url.search === '?mainCategory=IT');
    await expectHeading(page, 'Jobb inom IT');
    await select(page, 'Ort').selectOption('Stockholm');
    await page.waitForURL((url) => url.search === '?mainCategory=IT&city=Stockholm');
    await expectHeading(page, 'Jobb inom IT i Stockholm');
    const both = await countLive({ mainCategory: 'IT', location: 'Stockholm' });
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(both, 1));

    await page.goBack();
    await page.waitForURL((url) => url.search === '?mainCategory=IT');
    await expectHeading(page, 'Jobb inom IT');
    expect(await select(page, 'Ort').inputValue()).toBe('');
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ mainCategory: 'IT' }), 1));

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/jobb' && url.search === '');
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    expect(await select(page, 'Huvudkategori').inputValue()).toBe('');

    await page.goForward();
    await page.goForward();
    await page.waitForURL((url) => url.search === '?mainCategory=IT&city=Stockholm');
    await expectHeading(page, 'Jobb inom IT i Stockholm');
    expect(await select(page, 'Ort').inputValue()).toBe('Stockholm');
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(both, 1));
  });

  it("'Tillbaka till bläddra bland jobb' clears every filter and returns to browse mode at /jobb", async () => {
    const page = await e2e.page({
      path: '/jobb?search=utvecklare&mainCategory=IT&extent=Heltid&titleOnly=true',
    });
    await expectHeading(page, 'Jobb inom IT');
    await page.getByRole('link', { name: 'Tillbaka till bläddra bland jobb' }).click();
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    await page.waitForURL((url) => url.pathname === '/jobb' && url.search === '');
    expect(await page.getByRole('searchbox', { name: 'Sökord' }).inputValue()).toBe('');
    expect(await select(page, 'Huvudkategori').inputValue()).toBe('');
    expect(await select(page, 'Omfattning').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Sök endast i titel' }).isChecked()).toBe(false);
    await page.getByRole('region', { name: 'Populära kategorier' }).waitFor();
    // Keyboard focus is not lost with the link: it is on the heading.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });
});

describe('pagination', () => {
  it('20 jobs a page, previous/next, at most 7 page links with ellipses, kept in the URL', async () => {
    const total = await countLive({ extent: 'Heltid' });
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThan(8); // enough pages for ellipses on both sides

    const page = await e2e.page({ path: '/jobb?extent=Heltid' });
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, 1));
    expect((await resultLinks(page)).length).toBe(20);
    // Links (they work without JavaScript); on the first and last page a disabled link without a target.
    const previous = page.getByRole('link', { name: 'Föregående' });
    const next = page.getByRole('link', { name: 'Nästa' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    // They read '‹ Föregående' and 'Nästa ›', a space between arrow and word (their names above
    // stay the words alone: the arrows are hidden from screen readers).
    for (const step of [previous, next]) {
      const space = await step.evaluate((link) => {
        const arrow = link.querySelector('[aria-hidden="true"]')!.getBoundingClientRect();
        const word = document.createRange();
        word.selectNodeContents([...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!);
        const text = word.getBoundingClientRect();
        return arrow.right <= text.left ? text.left - arrow.right : arrow.left - text.right;
      });
      expect(space).toBeGreaterThanOrEqual(3);
    }
    let tokens = await paginationTokens(page);
    expectWellFormedPagination(tokens, 1, pages);
    expect(tokens).toContain('…');
    const firstPage = await resultLinks(page);

    await next.click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, 2));
    const secondPage = await resultLinks(page);
    expect(secondPage.length).toBe(20);
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
    expect(await previous.isDisabled()).toBe(false);

    // A page in the middle: ellipses on both sides.
    const middle = Math.ceil(pages / 2);
    await gotoAndSettle(page, `/jobb?extent=Heltid&page=${middle}`);
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, middle));
    tokens = await paginationTokens(page);
    expectWellFormedPagination(tokens, middle, pages);
    expect(tokens.filter((token) => token === '…')).toHaveLength(2);

    // The last page by its link: fewer jobs maybe, next disabled.
    await page.getByRole('link', { name: `Sida ${pages}`, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === String(pages));
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, pages));
    expect((await resultLinks(page)).length).toBe(total - 20 * (pages - 1));
    expect(await next.isDisabled()).toBe(true);
    expectWellFormedPagination(await paginationTokens(page), pages, pages);

    await previous.click();
    await page.waitForURL((url) => url.searchParams.get('page') === String(pages - 1));
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, pages - 1));

    // Back goes to the page before.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === String(pages));
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, pages));
  });

  it('a link to page 3 opens on page 3 (from the first search on); changing a filter starts again on page 1', async () => {
    const page = await e2e.page();
    const requestedPages: number[][] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/search/multi-search')) return;
      const body = JSON.parse(request.postData() ?? '{}') as { queries?: { page?: number }[] };
      requestedPages.push((body.queries ?? []).map((query) => query.page ?? 1));
    });
    await page.goto('/jobb?extent=Heltid&page=3');
    await summary(page).waitFor();
    const total = await countLive({ extent: 'Heltid' });
    // The first summary shown is already page 3 — the server rendered it — and the browser asks
    // for no page at all (no flash of page 1, no URL rewritten without the page).
    expect(await summary(page).textContent()).toBe(summaryOf(total, 3));
    await settle(page);
    expect(requestedPages).toEqual([]);
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    await select(page, 'Anställningsform').selectOption('Vanlig anställning');
    await page.waitForURL((url) => url.searchParams.get('form') === 'Vanlig anställning');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect
      .poll(() => summary(page).textContent())
      .toBe(summaryOf(await countLive({ extent: 'Heltid', form: 'Vanlig anställning' }), 1));
    expect(await page.locator('.page-number[aria-current="page"]').textContent()).toBe('1');
  });
});

describe('the way back from an ad', () => {
  it('an ad opened from the results leads back to that search and page; one opened otherwise to /jobb', async () => {
    const page = await e2e.page();
    await gotoAndSettle(page, '/jobb?extent=Heltid&page=2');
    const total = await countLive({ extent: 'Heltid' });
    expect(await summary(page).textContent()).toBe(summaryOf(total, 2));
    const firstAd = page.locator('.job-card-link').first();
    const title = (await firstAd.textContent())!;
    await firstAd.click();
    await expectHeading(page, title);
    await settle(page);
    const back = page.locator('.back-link').getByRole('link');
    await expect.poll(() => back.textContent()).toBe('← Tillbaka till sökningen');
    expect(await back.getAttribute('href')).toBe('/jobb?extent=Heltid&page=2');
    // A reload keeps the way back: it is in the ad's history entry, not in its shared address.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await settle(page);
    await expect.poll(() => back.textContent()).toBe('← Tillbaka till sökningen');

    await back.click();
    await page.waitForURL((url) => url.pathname === '/jobb' && url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.get('extent')).toBe('Heltid');
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, 2));

    // The browser's own back button from an ad also lands on the same search and page.
    await page.locator('.job-card-link').first().click();
    await expectHeading(page, title);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => summary(page).textContent()).toBe(summaryOf(total, 2));

    // Opened from its own address (a shared link), the ad offers every job instead.
    const adPath = new URL(
      (await page.locator('.job-card-link').first().getAttribute('href'))!,
      e2e.portal.url,
    ).pathname;
    const direct = await e2e.page({ path: adPath });
    const directBack = direct.locator('.back-link').getByRole('link');
    expect(await directBack.textContent()).toBe('← Alla lediga jobb');
    expect(await directBack.getAttribute('href')).toBe('/jobb');
  });
});

describe('small screens', () => {
  it('the first results come on the first screen, on a phone (375×800) and a desktop (1280×800)', async () => {
    for (const viewport of [
      { width: 375, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      for (const path of [
        '/jobb?search=utvecklare',
        '/jobb?mainCategory=IT&city=Stockholm',
        '/jobb?sort=newest',
      ]) {
        const page = await e2e.page({ viewport, path });
        const first = page.locator('.job-list .job-card').first();
        await first.waitFor();
        // Its title and company at least: the card's top 120 px are on the screen.
        const top = await first.evaluate((card) => card.getBoundingClientRect().top);
        expect(top + 120, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
        // The offer to watch the search follows the first three results, before the others.
        const order = await page
          .locator('.job-card, .save-search')
          .evaluateAll((nodes) =>
            nodes.map((node) => (node.classList.contains('job-card') ? 'ad' : 'watch')),
          );
        expect(order.slice(0, 5)).toEqual(['ad', 'ad', 'ad', 'watch', 'ad']);
        await page.close();
      }
    }
  });

  it("the filters open with 'Visa filter' as a sheet over the page, which says how many are set", async () => {
    const page = await e2e.page({ viewport: MOBILE, path: '/jobb?mainCategory=IT' });
    await expectHeading(page, 'Jobb inom IT');
    const toggle = page.getByRole('button', { name: /Visa filter/ });
    expect(await toggle.textContent()).toBe('Visa filter (1 valt)');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await select(page, 'Huvudkategori').isVisible()).toBe(false);
    await toggle.click();
    // A modal dialog over the whole screen: focus on its 'Stäng', the page behind it inert.
    const sheet = page.getByRole('dialog', { name: 'Filter' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.evaluate((node) => node.getAttribute('aria-modal'))).toBe('true');
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stäng');
    expect(await summary(page).evaluate((node) => node.closest('[inert]') !== null)).toBe(true);
    expect(await page.locator('.filters-toggle').getAttribute('aria-expanded')).toBe('true');
    await select(page, 'Ort').selectOption('Göteborg');
    await expectHeading(page, 'Jobb inom IT i Göteborg');
    expect(await page.locator('.filters-toggle').textContent()).toBe('Dölj filter (2 valda)');

    // Escape closes it without more, and focus is back on the toggle.
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('filters-toggle');
    expect(await summary(page).evaluate((node) => node.closest('[inert]') !== null)).toBe(false);

    // The opened filters end with what they give: 'Visa N jobb' closes them and shows the results.
    await toggle.click();
    const inGothenburg = await countLive({ mainCategory: 'IT', location: 'Göteborg' });
    const apply = page.getByRole('button', { name: `Visa ${number.format(inGothenburg)} jobb` });
    await expect.poll(() => apply.isVisible()).toBe(true);
    await apply.click();
    expect(await select(page, 'Huvudkategori').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await summary(page).textContent()).toBe(summaryOf(inGothenburg, 1));
    const summaryTop = await summary(page).evaluate((node) => node.getBoundingClientRect().top);
    expect(summaryTop).toBeGreaterThanOrEqual(-1);
    expect(summaryTop).toBeLessThan(MOBILE.height / 2);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('jobs-results');
    // A wide screen shows the filters beside the results, without the button.
    const wide = await e2e.page({ path: '/jobb?mainCategory=IT' });
    expect(await wide.locator('.filters-apply').isVisible()).toBe(false);
  });
});
