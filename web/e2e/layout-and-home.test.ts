// The public layout (header, mobile menu, footer), the start page, the small info pages, the
// Swedish 404 page and the page-view beacon sent on every route change.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, recordPageViews, settle, useE2e } from './support/e2e.js';

const CONTACT_EMAIL = 'hej@e2e-portalen.example.se';
const e2e = useE2e({ env: { CONTACT_EMAIL } });

const GUEST_HEADER = [
  ['Registrera dig', '/register'],
  ['Logga in', '/login'],
  ['Jobb', '/jobb'],
  ['Karriärguide', '/karriarguide'],
  ['Matcha mig', '/match'],
  ['Kontakt', '/kontakt'],
];

describe('layout', () => {
  it('the header links to the spec screens in order, and the logo to the start page', async () => {
    const page = await e2e.page({ path: '/kontakt' });
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    const links = await nav
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links).toEqual(GUEST_HEADER);
    // The current section is marked for assistive technology.
    await expect
      .poll(() => nav.getByRole('link', { name: 'Kontakt' }).getAttribute('aria-current'))
      .toBe('page');
    // För arbetsgivare is in the mobile menu only (and the footer), not in the desktop header.
    expect(await nav.getByRole('link', { name: 'För arbetsgivare' }).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Jobbportalen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectHeading(page, /drömjobb/);
  });

  it('a logged-in visitor sees Min profil instead of Registrera dig and Logga in', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ token: user.token, path: '/' });
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels).toEqual(['Min profil', 'Jobb', 'Karriärguide', 'Matcha mig', 'Kontakt']);
  });

  it('the mobile menu opens and closes by keyboard: focus moves in, Escape closes and returns focus', async () => {
    const page = await e2e.page({ viewport: MOBILE, path: '/' });
    await expect.poll(() => page.getByRole('navigation', { name: 'Huvudmeny' }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Meny' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Keyboard only: Tab from the top of the page reaches the menu button after the skip link and logo.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Hoppa till innehållet');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Meny');
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const panelId = await button.getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    await panel.waitFor({ state: 'visible' });
    const labels = await panel.getByRole('link').allTextContents();
    expect(labels).toEqual([...GUEST_HEADER.map(([label]) => label), 'För arbetsgivare']);
    // Focus moved to the first link of the open menu.
    expect(await focusedText(page)).toBe('Registrera dig');

    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Logga in');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Meny');

    // Open again and follow a link with Enter: the page changes and the menu closes.
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('För arbetsgivare');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/for-arbetsgivare');
    await panel.waitFor({ state: 'hidden' });
    await expectHeading(page, 'För arbetsgivare');
  });

  it('a click outside the open mobile menu closes it', async () => {
    const page = await e2e.page({ viewport: MOBILE, path: '/kontakt' });
    const button = page.getByRole('button', { name: 'Meny' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(180, 600);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('the footer shows the current year and the configured contact address', async () => {
    const page = await e2e.page({ path: '/' });
    const footer = page.getByRole('contentinfo');
    const text = await footer.textContent();
    expect(text).toContain(`© ${new Date().getFullYear()} Jobbportalen`);
    const mail = footer.getByRole('link', { name: CONTACT_EMAIL });
    expect(await mail.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);
  });
});

describe('start page', () => {
  it('shows the fallback hero texts, then the site settings, then the fallbacks again', async () => {
    const page = await e2e.page({ path: '/' });
    await expectHeading(page, 'Hitta ditt drömjobb efter sommaren');
    expect(await page.locator('.hero-subtitle').textContent()).toBe('Lediga jobb i hela Sverige');

    await e2e.portal.setSiteSettings({
      heroTitle: 'Nya jobb varje dag',
      heroSubtitle: 'Från Kiruna till Ystad',
      ctaText: 'Se jobben nu',
    });
    await gotoAndSettle(page, '/');
    await expectHeading(page, 'Nya jobb varje dag');
    expect(await page.locator('.hero-subtitle').textContent()).toBe('Från Kiruna till Ystad');
    expect(await page.getByRole('link', { name: 'Se jobben nu' }).getAttribute('href')).toBe('/jobb');

    await e2e.portal.setSiteSettings({ heroTitle: null, heroSubtitle: '', ctaText: null });
    await gotoAndSettle(page, '/');
    await expectHeading(page, 'Hitta ditt drömjobb efter sommaren');
    expect(await page.locator('.hero-subtitle').textContent()).toBe('Lediga jobb i hela Sverige');
  });

  it("says how many ads and vacancies there are ('Just nu N annonser – totalt M lediga tjänster')", async () => {
    const { db } = e2e.portal.database;
    const totals = await db
      .selectFrom('jobs')
      .select((eb) => [eb.fn.countAll<string>().as('ads'), eb.fn.sum<string>('vacancies').as('vacancies')])
      .where('removedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const number = new Intl.NumberFormat('sv-SE');
    const page = await e2e.page({ path: '/' });
    await expect
      .poll(() => page.locator('.hero-stats').textContent())
      .toBe(
        `Just nu ${number.format(Number(totals.ads))} annonser – totalt ${number.format(
          Number(totals.vacancies),
        )} lediga tjänster`,
      );
    expect(Number(totals.vacancies)).toBeGreaterThan(Number(totals.ads)); // some ads have several
  });

  it('suggestions: typing lists up to 8 matches; arrow keys move, Enter goes to /jobb?search=term', async () => {
    const page = await e2e.page({ path: '/' });
    const box = page.getByRole('combobox', { name: 'Sök bland lediga jobb' });
    await box.fill('UTVECKLARE');
    const list = page.getByRole('listbox', { name: 'Sökförslag' });
    await list.waitFor();
    const options = await list.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    expect(options.length).toBeLessThanOrEqual(8);
    for (const option of options) expect(option.toLowerCase()).toContain('utvecklare');
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    const activeId = await box.getAttribute('aria-activedescendant');
    const active = page.locator(`[id="${activeId}"]`);
    expect(await active.getAttribute('aria-selected')).toBe('true');
    expect(await active.textContent()).toBe(options[1]);
    // Focus stays in the box the whole time.
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/jobb');
    expect(new URL(page.url()).searchParams.get('search')).toBe(options[1]);
    await settle(page);
    expect(await page.getByRole('searchbox', { name: 'Sökord' }).inputValue()).toBe(options[1]);
  });

  it('suggestions: ArrowUp wraps to the last; Escape closes the list, a second Escape clears the box', async () => {
    const page = await e2e.page({ path: '/' });
    const box = page.getByRole('combobox', { name: 'Sök bland lediga jobb' });
    await box.fill('sjuk');
    const list = page.getByRole('listbox', { name: 'Sökförslag' });
    await list.waitFor();
    const options = await list.getByRole('option').allTextContents();
    await box.press('ArrowUp');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${activeId}"]`).textContent()).toBe(options.at(-1));

    await box.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    expect(await box.inputValue()).toBe('sjuk');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(page.url()).toBe(`${e2e.portal.url}/`);
  });

  it('choosing a suggestion with the mouse searches for it; a city becomes the city filter', async () => {
    const page = await e2e.page({ path: '/' });
    const box = page.getByRole('combobox', { name: 'Sök bland lediga jobb' });
    await box.fill('stockh');
    const option = page.getByRole('option', { name: 'Stockholm', exact: true });
    await option.click();
    // /jobb?search=Stockholm is what the suggestion asks for; the job browser reads a known city as
    // the city filter on entry and shows that in the address.
    await page.waitForURL((url) => url.pathname === '/jobb');
    await settle(page);
    expect(new URL(page.url()).search).toBe('?city=Stockholm');
    await expectHeading(page, 'Jobb i Stockholm');
  });

  it('submitting text goes to /jobb?search=term, submitting nothing to /jobb', async () => {
    const page = await e2e.page({ path: '/' });
    const box = page.getByRole('combobox', { name: 'Sök bland lediga jobb' });
    await box.fill('  nattsköterska  ');
    await page.getByRole('search').getByRole('button', { name: 'Sök' }).click();
    await page.waitForURL((url) => url.pathname === '/jobb');
    expect(new URL(page.url()).search).toBe(`?search=${encodeURIComponent('nattsköterska')}`);

    await gotoAndSettle(page, '/');
    await page.getByRole('search').getByRole('button', { name: 'Sök' }).click();
    await page.waitForURL((url) => url.pathname === '/jobb');
    expect(new URL(page.url()).search).toBe('');
    await settle(page);
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
  });

  it('lists the latest jobs linking to their pages, the CV link and three guide teasers', async () => {
    const newest = await e2e.portal.liveJobs({ limit: 6 });
    const page = await e2e.page({ path: '/' });
    const latest = page.getByRole('region', { name: 'Populära jobb just nu' });
    const hrefs = await latest
      .locator('.job-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(newest.map((job) => `/jobb/${job.id}`));
    await latest.locator('.job-card-link').first().click();
    await page.waitForURL((url) => url.pathname === `/jobb/${newest[0]!.id}`);
    await settle(page);
    await expectHeading(page, newest[0]!.title);

    await gotoAndSettle(page, '/');
    expect(await page.locator('a[href="/upload-cv"]').count()).toBeGreaterThan(0);
    const guides = page.getByRole('region', { name: 'Karriärguide' });
    expect(await guides.locator('.teaser-card').count()).toBe(3);
    expect(
      await guides.locator('.teaser-card a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['/karriarguide/cv-guide', '/karriarguide/personligt-brev', '/karriarguide/intervjutips']);
    expect(await guides.getByRole('link', { name: 'Alla guider i karriärguiden' }).getAttribute('href')).toBe(
      '/karriarguide',
    );
  });
});

describe('info pages', () => {
  it('/kontakt gives the contact address and announces the form as coming soon', async () => {
    const page = await e2e.page({ path: '/kontakt' });
    await expectHeading(page, 'Kontakt');
    expect(await page.locator('main').getByRole('link', { name: CONTACT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${CONTACT_EMAIL}`,
    );
    expect(await page.locator('main').textContent()).toContain('Kontaktformuläret kommer snart');
    expect(await page.title()).toBe('Kontakt – Jobbportalen');
  });

  it("/avbrutet: 'Köpet avbröts', no order was placed, link to För arbetsgivare", async () => {
    const page = await e2e.page({ path: '/avbrutet' });
    await expectHeading(page, 'Köpet avbröts');
    expect(await page.locator('main').textContent()).toContain('ingen beställning har lagts');
    await page
      .locator('main')
      .getByRole('link', { name: /För arbetsgivare/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/for-arbetsgivare');
    await expectHeading(page, 'För arbetsgivare');
  });

  it('/tack thanks, promises a confirmation by e-mail and links to the start page', async () => {
    const page = await e2e.page({ path: '/tack' });
    await expectHeading(page, /Tack/);
    expect(await page.locator('main').textContent()).toMatch(/bekräftelse till din e-postadress/);
    await page.locator('main').getByRole('link', { name: 'Till startsidan' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('/for-arbetsgivare and /upload-cv have their pages; /upload-cv leads on to /match', async () => {
    const page = await e2e.page({ path: '/for-arbetsgivare' });
    await expectHeading(page, 'För arbetsgivare');
    expect(await page.locator('main').getByRole('link', { name: CONTACT_EMAIL }).count()).toBe(1);
    await gotoAndSettle(page, '/upload-cv');
    await expectHeading(page, 'Ladda upp ditt CV');
    // It says what happens to a CV, and where the rest is told (issue #28), and that a profile can keep it.
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: 'Så hanterar vi dina uppgifter' })
        .getAttribute('href'),
    ).toBe('/integritet');
    expect(await page.locator('main').getByRole('link', { name: 'Min profil' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await page.locator('main').getByRole('link', { name: 'Matcha mitt CV' }).click();
    await page.waitForURL((url) => url.pathname === '/match');
  });

  it('an unknown address shows the Swedish 404 page inside the layout', async () => {
    const page = await e2e.page();
    const response = await page.goto('/finns-inte/alls');
    expect(response?.status()).toBe(404); // the app shell with a real 404; the page says what happened
    await settle(page);
    await expectHeading(page, 'Sidan finns inte');
    expect(await page.title()).toBe('Sidan finns inte – Jobbportalen');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await page.locator('main').getByRole('link', { name: 'Sök lediga jobb' }).click();
    await page.waitForURL((url) => url.pathname === '/jobb');
  });
});

describe('page views', () => {
  it('one beacon per route change, with the path only and the previous path as referrer', async () => {
    const page = await e2e.page();
    const views = await recordPageViews(page);
    await gotoAndSettle(page, '/?utm_source=test');
    await expect.poll(() => views.length).toBe(1);
    expect(views[0]).toEqual({ path: '/', referrer: '' });

    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Jobb' }).click();
    await settle(page);
    await expect.poll(() => views.length).toBe(2);
    expect(views[1]).toEqual({ path: '/jobb', referrer: '/' });

    // A filter change on /jobb rewrites the query string only: not a new page.
    await page.locator('.shortcut', { has: page.locator('.shortcut-name', { hasText: /^IT$/ }) }).click();
    await page.waitForURL((url) => url.search === '?mainCategory=IT');
    await settle(page);

    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Kontakt' }).click();
    await page.waitForURL((url) => url.pathname === '/kontakt');
    await expect.poll(() => views.length).toBe(3);
    expect(views[2]).toEqual({ path: '/kontakt', referrer: '/jobb' });

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/jobb');
    await expect.poll(() => views.length).toBe(4);
    expect(views[3]).toEqual({ path: '/jobb', referrer: '/kontakt' });
  });

  it('the server counts the beacons per path', async () => {
    const countOf = async (path: string) => {
      const rows = await e2e.portal.database.db
        .selectFrom('pageViews')
        .select('views')
        .where('path', '=', path)
        .execute();
      return rows.reduce((sum, row) => sum + Number(row.views), 0);
    };
    const before = await countOf('/karriarguide/intervjutips');
    const page = await e2e.page({ path: '/karriarguide/intervjutips' });
    await expect.poll(() => countOf('/karriarguide/intervjutips')).toBe(before + 1);
    await page.close();
  });
});

async function focusedText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.textContent?.trim());
}
