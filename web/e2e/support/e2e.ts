/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { CHROMIUM_ARGS, DESKTOP, launchChromium } from './browser.js';
import { gotoAndSettle, headingOf } from './pages.js';
import { startE2ePortal, type E2ePortal, type E2ePortalOptions } from './portal.js';
import { corpusState, sharedChromium, sharedE2ePortal } from './shared-portal.js';

export * from './pages.js';

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Stored as localStorage 'token' before the app starts: the visitor is logged in. */
  token?: string;
  /** Navigate there and wait until the app has rendered its main content. */
  path?: string;
  /**
   * 'off': the browser runs no script at all (as a visitor with JavaScript switched off).
   * 'not-the-apps': scripts run, but the app's are never loaded, so the page is the server's HTML
   * alone — for axe, which cannot run where scripts are off (its queue waits on timers that never
   * fire). Default: on.
   */
  scripts?: 'off' | 'not-the-apps';
}

export interface E2e {
  readonly portal: E2ePortal;
  readonly browser: Browser;
  /** A page in a fresh context (own localStorage); closed after the test. */
  page(options?: PageOptions): Promise<Page>;
  /** Uncaught errors of the pages opened in the current test (the test fails if there are any). */
  readonly pageErrors: string[];
}

export interface E2eOptions extends E2ePortalOptions {
  /** Command-line switches for this file's Chromium, after the usual ones (it is then its own). */
  chromiumArgs?: string[];
  /**
   * The file changes what other files would see — it adds or removes ads, moves the feed, files
   * reports, edits site texts — so it needs a portal of its own. Also implied by any portal option.
   */
  ownPortal?: boolean;
}

/**
 * The portal and Chromium of a test file. By default the worker's shared ones (shared-portal.ts),
 * which the file must leave as it found them (checked after the file); with `ownPortal` or portal
 * options, its own, started in beforeAll and closed in afterAll. Pages opened in a test are closed
 * after it, and an uncaught exception in any of them fails the test.
 */
export function useE2e({ chromiumArgs = [], ownPortal = false, ...options }: E2eOptions = {}): E2e {
  const sharesPortal = !ownPortal && Object.keys(options).length === 0;
  const sharesBrowser = chromiumArgs.length === 0;
  // A browser on a busy 2-core runner is slow: give polled expectations (lazy routes, API answers)
  // and whole tests more room than unit tests need. This changes time limits only, never results.
  vi.setConfig({ testTimeout: 60_000, expect: { poll: { timeout: 10_000, interval: 50 } } });
  let portal: E2ePortal | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let corpusBefore = '';

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      sharesPortal ? sharedE2ePortal() : startE2ePortal(options),
      sharesBrowser ? sharedChromium() : launchChromium({ args: [...CHROMIUM_ARGS, ...chromiumArgs] }),
    ]);
    if (sharesPortal) corpusBefore = await corpusState(portal);
  }, 240_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
    const errors = pageErrors.splice(0);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    if (!sharesBrowser) await browser?.close();
    if (!sharesPortal) await portal?.close();
    else if (portal)
      expect(
        await corpusState(portal),
        'this file changed the shared portal (its ads, feed, reports or site texts): use useE2e({ ownPortal: true })',
      ).toBe(corpusBefore);
  }, 60_000);

  const e2e: E2e = {
    get portal() {
      if (!portal) throw new Error('the portal is not started (use e2e.portal inside tests or hooks)');
      return portal;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started');
      return browser;
    },
    pageErrors,
    async page({ viewport = DESKTOP, token, path, scripts } = {}) {
      const context = await e2e.browser.newContext({
        baseURL: e2e.portal.url,
        viewport,
        locale: 'sv-SE',
        timezoneId: 'Europe/Stockholm',
        reducedMotion: 'reduce',
        javaScriptEnabled: scripts !== 'off',
      });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      if (scripts === 'not-the-apps')
        await context.route('**/*', (route) =>
          route.request().resourceType() === 'script' ? route.abort() : route.continue(),
        );
      if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      if (path) await gotoAndSettle(page, path);
      return page;
    },
  };
  return e2e;
}

/** Waits (client-side routes load lazily) until the main heading reads `text`. */
export async function expectHeading(page: Page, text: string | RegExp): Promise<void> {
  if (typeof text === 'string') await expect.poll(() => headingOf(page)).toBe(text);
  else await expect.poll(() => headingOf(page)).toMatch(text);
}
