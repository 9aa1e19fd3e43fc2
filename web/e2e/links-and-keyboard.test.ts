// Site-wide checks: no dead internal links (a crawl from every public route), and every screen
// operable by keyboard alone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, gotoAndSettle, settle, useE2e } from './support/e2e.js';
import type { TestUser } from './support/portal.js';
import { MISSING_JOB_ID, publicRoutes } from './support/routes.js';

const e2e = useE2e();

let liveId = '';
let removedId = '';
let user: TestUser;

beforeAll(async () => {
  liveId = await e2e.portal.jobId();
  removedId = await e2e.portal.removedJobId();
  user = await e2e.portal.createUser();
}, 120_000);

/**
 * Pages that share one template, of which the crawl renders the first few in the browser and
 * checks the rest over HTTP (`seen`: every one found).
 */
interface Template {
  matches(path: string): boolean;
  renderAtMost: number;
  rendered: number;
  seen: Set<string>;
}

const template = (matches: (path: string) => boolean, renderAtMost: number): Template => ({
  matches,
  renderAtMost,
  rendered: 0,
  seen: new Set(),
});

const isAdPage = (path: string) => /^\/jobb\/[^/?]+$/.test(path);

/** A page of /jobb's results past the second (`page=3` and on). */
function laterResultsPage(path: string): boolean {
  const url = new URL(path, 'http://portal');
  return url.pathname === '/jobb' && Number(url.searchParams.get('page') ?? 1) > 2;
}

describe('links', () => {
  it(
    'no dead internal links: every same-origin link of every route answers 200 and is no 404 page',
    { timeout: 240_000 },
    async () => {
      const origin = e2e.portal.url;
      const page = await e2e.page();
      const member = await e2e.page({ token: user.token });
      const routes = publicRoutes({ liveId, removedId });
      // Expected statuses of the raw pages (unknown and closed ads, the 404 page which is a 200 SPA page).
      const statusOf = new Map(routes.map((route) => [route.path, route.status ?? 200]));
      const notFoundPages = new Set(['/sidan-finns-inte', `/jobb/${MISSING_JOB_ID}`]);
      const queue: string[] = routes
        .map((route) => route.path)
        .filter((path) => path !== '/sidan-finns-inte');
      const visited = new Set<string>();
      const files = new Set<string>();
      const linkedFrom = new Map<string, string>();
      const problems: string[] = [];
      // Ads: a few rendered. The login page with a way back: one per ad, from 'Logga in för att
      // spara'. A search's results past its second page: up to 16 of them for the newest; the
      // first two pages of every search are rendered, with their page links.
      const ads = template(isAdPage, 8);
      const loginPages = template((path) => path.startsWith('/login?next='), 2);
      const laterResultPages = template(laterResultsPage, 0);
      const templates = [ads, loginPages, laterResultPages];

      while (queue.length > 0) {
        const path = queue.shift()!;
        if (visited.has(path)) continue;
        visited.add(path);
        const from = linkedFrom.get(path) ?? 'the route list';
        // A page of the route list is always rendered; one of a template only up to its quota.
        const shared = statusOf.has(path) ? undefined : templates.find((each) => each.matches(path));
        if (shared) {
          shared.seen.add(path);
          if (shared.rendered >= shared.renderAtMost) continue;
          shared.rendered += 1;
        }
        const browser = path === '/dashboard' ? member : page;
        const response = await browser.goto(path);
        const expectedStatus = statusOf.get(path) ?? 200;
        if (response?.status() !== expectedStatus)
          problems.push(`${path} (from ${from}): HTTP ${response?.status()}`);
        await settle(browser);
        const heading = await browser.locator('main h1').first().textContent();
        if (!notFoundPages.has(path) && (heading === 'Sidan finns inte' || heading === 'Jobb ej hittat.'))
          problems.push(`${path} (from ${from}): ${heading}`);

        const links = await browser
          .locator('a[href]')
          .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
        // In-page anchors must point at something on this page.
        const ids = await browser.evaluate(() => [...document.querySelectorAll('[id]')].map((el) => el.id));
        for (const href of links) {
          const url = new URL(href);
          if (url.origin !== origin) continue;
          const target = `${url.pathname}${url.search}`;
          if (url.hash && target === path) {
            if (!ids.includes(decodeURIComponent(url.hash.slice(1))))
              problems.push(`${path}: anchor ${url.hash} missing`);
            continue;
          }
          if (/\.[a-z0-9]{2,5}$/i.test(url.pathname)) {
            files.add(url.pathname);
            continue;
          }
          if (!linkedFrom.has(target)) linkedFrom.set(target, path);
          // Every ad linked is checked, those of the route list too (a closed one must not be linked).
          if (isAdPage(target)) ads.seen.add(target);
          if (!visited.has(target)) queue.push(target);
        }
      }

      // Ads, login pages, later result pages and files over plain HTTP: the server answers
      // 404/410 for unknown or closed ads.
      for (const target of [...templates.flatMap((each) => [...each.seen]), ...files]) {
        const response = await fetch(`${origin}${target}`);
        if (response.status !== 200)
          problems.push(`${target} (from ${linkedFrom.get(target)}): HTTP ${response.status}`);
        await response.arrayBuffer();
      }

      expect(problems).toEqual([]);
      // The crawl really went places: the spec's screens, guides, shortcuts and many ads.
      for (const path of [
        '/register',
        '/login',
        '/karriarguide/intervjutips',
        '/for-arbetsgivare',
        '/upload-cv',
        '/jobb?mainCategory=IT',
        '/jobb?city=Malm%C3%B6',
      ])
        expect(visited).toContain(path);
      expect(ads.seen.size).toBeGreaterThan(20);
      expect(loginPages.seen.size).toBeGreaterThan(2);
      expect(laterResultPages.seen.size).toBeGreaterThan(5);
      expect(files).toContain('/mallar/cv-mall.pdf');
    },
  );
});

/** The Tab sweep's record in the page: the marked controls that got focus. */
type KeyboardSweepWindow = Window & { kbReached?: Set<string> };

describe('keyboard', () => {
  /**
   * Tabs through the whole page and returns the visible controls that never got focus. Hidden
   * ones (the closed mobile menu, filter selects folded away, a closed <details>) are not expected
   * to be reachable.
   */
  async function unreachableByTab(page: Page): Promise<string[]> {
    const total = await page.evaluate(() => {
      const selector =
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
      // A radio group is one Tab stop (the arrow keys move within it): its checked radio, or its first.
      const isGroupStop = (el: HTMLElement) => {
        if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
        const group = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
          (radio) => radio.name === el.name && radio.form === el.form && !radio.disabled,
        );
        const checked = group.find((radio) => radio.checked);
        return checked ? checked === el : group[0] === el;
      };
      // checkVisibility: the content of a closed <details> (a folded filter group) has boxes but is
      // not shown, and so not reachable until its summary opens it.
      const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
        (el) =>
          el.getClientRects().length > 0 &&
          getComputedStyle(el).visibility !== 'hidden' &&
          el.checkVisibility() &&
          isGroupStop(el),
      );
      controls.forEach((el, index) => el.setAttribute('data-kb', String(index)));
      // The page notes each marked control that gets focus, so the presses below need not ask
      // after every one (two round trips a press made this test the file's slowest).
      const reached = new Set<string>();
      (window as KeyboardSweepWindow).kbReached = reached;
      document.addEventListener('focusin', (event) => {
        const id = (event.target as HTMLElement | null)?.getAttribute?.('data-kb');
        if (id) reached.add(id);
      });
      (document.activeElement as HTMLElement | null)?.blur();
      return controls.length;
    });
    const reachedCount = () => page.evaluate(() => (window as KeyboardSweepWindow).kbReached!.size);
    for (let press = 1; press <= total + 20; press += 1) {
      await page.keyboard.press('Tab');
      if (press % 10 === 0 && (await reachedCount()) === total) break;
    }
    return page.evaluate(() => {
      const reached = (window as KeyboardSweepWindow).kbReached!;
      return [...document.querySelectorAll<HTMLElement>('[data-kb]')]
        .filter((el) => !reached.has(el.getAttribute('data-kb')!))
        .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    });
  }

  it('every visible control of the main screens is reachable with Tab', { timeout: 120_000 }, async () => {
    const failures: Record<string, string[]> = {};
    const page = await e2e.page();
    const member = await e2e.page({ token: user.token });
    for (const path of [
      '/',
      '/jobb',
      '/jobb?mainCategory=IT',
      `/jobb/${liveId}`,
      '/register',
      '/login',
      '/match',
      '/karriarguide/cv-guide',
      '/dashboard',
    ]) {
      const current = path === '/dashboard' ? member : page;
      await gotoAndSettle(current, path);
      await current.waitForLoadState('networkidle');
      const missing = await unreachableByTab(current);
      if (missing.length > 0) failures[path] = missing;
    }
    expect(failures).toEqual({});
  });

  it('the skip link moves focus to the main content', async () => {
    const page = await e2e.page({ path: '/kontakt' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hoppa till innehållet');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  /** Presses Tab until `predicate` holds for the focused element (at most 80 presses). */
  async function tabTo(page: Page, description: string, predicate: (el: Element) => boolean): Promise<void> {
    for (let press = 0; press < 80; press += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluateHandle(() => document.activeElement ?? document.body);
      if (await focused.evaluate(predicate)) return;
    }
    throw new Error(`Tab never reached ${description}`);
  }

  it('log in, find a job by category, open it and save it — keyboard only', async () => {
    const page = await e2e.page({ path: '/login' });
    await tabTo(page, 'the e-mail field', (el) => el.getAttribute('type') === 'email');
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectHeading(page, 'Min profil');

    // Header link to the job browser.
    await tabTo(
      page,
      'the Jobb link',
      (el) => el.getAttribute('href') === '/jobb' && el.textContent === 'Jobb',
    );
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    await settle(page);

    // The category select: arrow keys change it.
    await tabTo(page, 'the category select', (el) => el.tagName === 'SELECT');
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.search === '?mainCategory=IT');
    await expectHeading(page, 'Jobb inom IT');
    await page.locator('.results-summary').waitFor();

    // The first result, then the save button on its page.
    await tabTo(page, 'the first result', (el) => el.classList.contains('job-card-link'));
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    await settle(page);
    await tabTo(page, 'Spara jobb', (el) => el.textContent === 'Spara jobb');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.save-job-status').textContent()).toBe('✅ Jobbet har sparats!');
  });

  it('match: the file picker, the letter and the button are operable from the keyboard', async () => {
    const page = await e2e.page({ path: '/match' });
    await tabTo(page, 'the CV file input', (el) => el.getAttribute('type') === 'file');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('Jag söker jobb som utvecklare i Stockholm.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hitta matchande jobb');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Bifoga både CV och personligt brev.');
  });
});
