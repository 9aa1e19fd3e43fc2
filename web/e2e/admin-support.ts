// Helpers shared by the admin browser tests (web/e2e/admin*.test.ts).
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { MOBILE } from './support/browser.js';
import { settle, type E2e } from './support/e2e.js';

export const ADMIN_PAGES = [
  { path: '/admin', label: 'Översikt', heading: 'Översikt' },
  { path: '/admin/design', label: 'Design', heading: 'Design' },
  { path: '/admin/texter', label: 'Texter', heading: 'Texter' },
  { path: '/admin/import', label: 'Import', heading: 'Import' },
  { path: '/admin/banner', label: 'Banner', heading: 'Banner' },
  { path: '/admin/anmalningar', label: 'Anmälda annonser', heading: 'Anmälda annonser' },
] as const;

/** A page logged in as the portal's admin, opened at `path` once the admin layout is up. */
export async function adminPage(
  e2e: E2e,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await e2e.page({ token: await e2e.portal.adminToken(), viewport });
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Adminmeny' }).waitFor();
  await settle(page);
  return page;
}

/** Nothing wider than the viewport (no sideways scrolling of the page at 360 px). */
export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${what}`).toBeLessThanOrEqual(0);
}

/**
 * Every data table on the page lies within its card (or, outside a card, the admin page) and,
 * where it is wider, scrolls sideways inside it (its .table-scroll region) rather than being cut
 * off or pushing the page wider than the screen. Returns how many tables were wider than their
 * region, so a test can tell it scrolled any.
 */
export async function expectTablesScrollInTheirCards(page: Page, what: string): Promise<number> {
  const tables = await page.locator('.table-scroll').evaluateAll((regions) =>
    regions.flatMap((region) => {
      const table = region.querySelector('table');
      const card = region.closest('.card') ?? region.closest('.admin-page');
      if (!table || !card || region.getClientRects().length === 0) return [];
      const name = table.querySelector('caption')?.textContent?.trim() ?? 'a table';
      const box = region.getBoundingClientRect();
      const cardBox = card.getBoundingClientRect();
      const problems: string[] = [];
      if (box.left < cardBox.left - 0.5 || box.right > cardBox.right + 0.5)
        problems.push('wider than its card or page');
      if (cardBox.left < -0.5 || cardBox.right > window.innerWidth + 0.5)
        problems.push('its card leaves the screen');
      const wider = table.getBoundingClientRect().width > region.clientWidth + 1;
      if (wider) {
        region.scrollLeft = region.scrollWidth;
        if (region.scrollLeft <= 0) problems.push('wider than its region, which does not scroll');
        region.scrollLeft = 0;
      }
      return [{ name, problems, wider }];
    }),
  );
  expect(tables.length, `data tables on ${what}`).toBeGreaterThan(0);
  expect(
    tables.filter((table) => table.problems.length > 0),
    `tables cut off on ${what}`,
  ).toEqual([]);
  return tables.filter((table) => table.wider).length;
}

export { MOBILE };

/** Records the API requests the page makes from now on (method, path with query, auth header). */
export function recordApiRequests(
  page: Page,
): { method: string; path: string; authorization: string | null }[] {
  const seen: { method: string; path: string; authorization: string | null }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    seen.push({
      method: request.method(),
      path: `${url.pathname}${url.search}`,
      authorization: request.headers().authorization ?? null,
    });
  });
  return seen;
}

/**
 * Resolves once every API request the page has made since this was set up has finished, and the
 * page has had a moment to handle the answers. (`waitForLoadState('networkidle')` is no help
 * after the first load: it resolves at once once the page has been idle a single time.)
 */
export function trackApiRequests(page: Page): { settled: () => Promise<void> } {
  let open = 0;
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request)) open += 1;
  });
  const done = (request: Request) => {
    if (isApi(request)) open -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      await expect.poll(() => open).toBe(0);
      // Real time (the page's clock may be paused): the answers' promise chains run meanwhile.
      await page.waitForTimeout(100);
    },
  };
}
