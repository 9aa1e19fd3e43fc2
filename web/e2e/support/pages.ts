/// <reference lib="dom" />
// Page helpers shared by the browser tests and the scripts (no vitest in here).
import type { Page } from 'playwright-core';

/** Opens `path` and waits until the route has rendered (its h1 is there, no 'Laddar...' left). */
export async function gotoAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

/**
 * Waits until the app's scripts have taken over the page (a server-rendered page shows its content
 * before it reacts to anything), the route has its h1 and no loading message is left in the main
 * content.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'interactive');
  await page.locator('main h1').first().waitFor();
  await expectNoLoading(page);
}

/** The main heading's text. */
export const headingOf = (page: Page): Promise<string | null> =>
  page.locator('main h1').first().textContent();

export async function expectNoLoading(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Laddar...'));
}

export interface PageView {
  path: string;
  referrer: string;
}

/**
 * Records the page-view beacons the page's context sends from now on. Beacons (navigator.sendBeacon)
 * do not show up in page-level request events and carry no post data there, so they are caught with
 * a route on the context, read, and passed on to the server unchanged.
 */
export async function recordPageViews(page: Page): Promise<PageView[]> {
  const views: PageView[] = [];
  await page.context().route('**/api/analytics/pageview', async (route) => {
    const request = route.request();
    if (request.method() === 'POST') views.push(JSON.parse(request.postData() ?? '{}') as PageView);
    await route.continue();
  });
  return views;
}
