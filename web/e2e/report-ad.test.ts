// 'Anmäl annons' end to end: a seeker reports an ad from its page, an admin hides it in
// 'Anmälda annonser', and it is gone from the /jobb results and from sitemap.xml; the report form
// and the admin page have no axe violations at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { drainOutbox } from '@jobbportalen/indexer';
import { describe, expect, it } from 'vitest';
import { adminPage, expectNoHorizontalOverflow, expectTablesScrollInTheirCards } from './admin-support.js';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, useE2e } from './support/e2e.js';
import { gotoAndSettle } from './support/pages.js';

// Files reports, which hide an ad from every search.
const e2e = useE2e({ ownPortal: true });
/** Ads hidden by a test here: the others leave them alone. */
const hiddenIds = new Set<string>();

/** A live ad whose title no other live ad has, so a search for it finds just this one. */
async function adWithOwnTitle() {
  const live = await e2e.portal.liveJobs({ limit: 100_000 });
  const count = new Map<string, number>();
  for (const job of live) count.set(job.title, (count.get(job.title) ?? 0) + 1);
  const ad = live.find((job) => count.get(job.title) === 1 && /^[\p{L} ]+$/u.test(job.title));
  if (!ad) throw new Error('every live ad shares its title with another');
  return ad;
}

/** The /jobb results for `text`, once they are shown: the ids of the ads listed. */
async function searchResults(page: Page, text: string): Promise<string[]> {
  await page.goto(`/jobb?search=${encodeURIComponent(text)}&exact=true`);
  await expect
    .poll(() => page.locator('.jobs-content').textContent())
    .toMatch(/Inga jobb hittades\.|Visar \d+/);
  const hrefs = await page
    .locator('.jobs-content a.job-card-link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/jobb\//, '')));
}

const sitemap = async () => (await fetch(`${e2e.portal.url}/sitemap.xml`)).text();

/** Opens the job page and the report form on it. */
async function openReportForm(page: Page, id: string, title: string) {
  // A server-rendered page shows its button before its scripts can answer a press.
  await gotoAndSettle(page, `/jobb/${encodeURIComponent(id)}`);
  await expectHeading(page, title);
  const toggle = page.getByRole('button', { name: 'Anmäl annons' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('group', { name: 'Varför anmäler du annonsen?' }).waitFor();
}

describe("'Anmäl annons'", () => {
  it('a seeker reports an ad, an admin hides it, and it is gone from search and the sitemap', async () => {
    const ad = await adWithOwnTitle();
    const seeker = await e2e.page({ viewport: DESKTOP });
    expect(await searchResults(seeker, ad.title)).toContain(ad.id);
    expect(await sitemap()).toContain(`/jobb/${ad.id}<`);

    await openReportForm(seeker, ad.id, ad.title);
    const reasons = seeker.getByRole('group', { name: 'Varför anmäler du annonsen?' });
    expect(
      await reasons
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)),
    ).toEqual([
      'Diskriminerande',
      'Falsk annons eller bedrägeri',
      'Begär betalning',
      'Begär BankID eller kontouppgifter',
      'Annat',
    ]);
    // Annat needs a description: told in Swedish, nothing sent.
    await reasons.getByRole('radio', { name: 'Annat' }).check();
    await seeker.getByRole('button', { name: 'Skicka anmälan' }).click();
    await seeker.getByText('Beskriv vad som är fel med annonsen.').waitFor();
    expect(
      await seeker.getByLabel(/^Beskriv vad som är fel/).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await reasons.getByRole('radio', { name: 'Falsk annons eller bedrägeri' }).check();
    await seeker.getByLabel(/^Beskriv vad som är fel/).fill('Företaget ber om ett BankID-nummer i mejl.');
    await seeker.getByRole('button', { name: 'Skicka anmälan' }).click();
    await expect
      .poll(() => seeker.getByRole('status').filter({ hasText: 'Tack!' }).textContent())
      .toBe('Tack! Vi granskar annonsen.');

    const admin = await adminPage(e2e, '/admin/anmalningar');
    await admin.getByRole('heading', { level: 1, name: 'Anmälda annonser' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: ad.title });
    await row.waitFor();
    expect(await row.textContent()).toContain('Falsk annons eller bedrägeri: 1');
    expect(await row.textContent()).toContain('Företaget ber om ett BankID-nummer i mejl.');
    await row.getByRole('button', { name: /^Dölj annonsen/ }).click();
    hiddenIds.add(ad.id);
    await admin.getByRole('status').filter({ hasText: 'Annonsen är dold.' }).waitFor();
    const hiddenRow = admin
      .getByRole('table', { name: /^Dolda annonser/ })
      .getByRole('row')
      .filter({ hasText: ad.title });
    await hiddenRow.getByRole('button', { name: /^Visa igen/ }).waitFor();
    const openRows = admin
      .getByRole('table', { name: /^Annonser med öppna anmälningar/ })
      .getByRole('row')
      .filter({ hasText: ad.title });
    expect(await openRows.count()).toBe(0);

    // What the indexer's outbox loop does within a second when it runs (none runs in these tests).
    await drainOutbox({
      db: e2e.portal.database.db,
      client: e2e.portal.search.client,
      indexUid: e2e.portal.indexUid,
    });

    const later = await e2e.page({ viewport: DESKTOP });
    expect(await searchResults(later, ad.title)).not.toContain(ad.id);
    expect(await sitemap()).not.toContain(`/jobb/${ad.id}<`);
    await later.goto(`/jobb/${encodeURIComponent(ad.id)}`);
    await expectHeading(later, 'Annonsen är inte längre aktuell');
  });

  it('the report form, with its messages, and the admin page have no axe violations at 1280 and 360 px', async () => {
    const ads = (await e2e.portal.liveJobs({ limit: 10 })).filter((job) => !hiddenIds.has(job.id));
    const failures: Record<string, string[]> = {};
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.page({ viewport });
      const ad = ads[viewport === DESKTOP ? 0 : 1]!;
      await openReportForm(page, ad.id, ad.title);
      failures[`open form @ ${viewport.width}`] = await axeViolations(page);
      await page.getByRole('button', { name: 'Skicka anmälan' }).click();
      await page.getByText('Välj varför du anmäler annonsen.').waitFor();
      failures[`form error @ ${viewport.width}`] = await axeViolations(page);
      await page.getByRole('radio', { name: 'Begär betalning' }).check();
      await page.getByRole('button', { name: 'Skicka anmälan' }).click();
      await page.getByText('Tack! Vi granskar annonsen.').waitFor();
      failures[`thanks @ ${viewport.width}`] = await axeViolations(page);

      const admin = await adminPage(e2e, '/admin/anmalningar', viewport);
      await admin.getByRole('row').filter({ hasText: ad.title }).first().waitFor();
      failures[`admin page @ ${viewport.width}`] = await axeViolations(admin);
    }
    expect(Object.fromEntries(Object.entries(failures).filter(([, found]) => found.length > 0))).toEqual({});
  });

  it('on a 375 px phone the moderation tables scroll inside the page, none cut off', async () => {
    const admin = await adminPage(e2e, '/admin/anmalningar', { width: 375, height: 800 });
    await admin.locator('.admin-reports-table tbody tr').first().waitFor();
    const scrolled = await expectTablesScrollInTheirCards(admin, 'the moderation page at 375 px');
    // Title, reasons, messages, dates and two buttons do not fit 375 px: they scroll.
    expect(scrolled).toBeGreaterThan(0);
    await expectNoHorizontalOverflow(admin, 'the moderation page at 375 px');
  });
});
