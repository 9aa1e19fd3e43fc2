// The admin overview: import log (max 7), statistics under either name,
// stream status, auto-update every 5000 ms with the På/Av switch, the manual update with
// 'Status uppdaterad', the load failure with 'Ingen logg tillgänglig' and dashes, and the uPlot
// charts with their data tables, and 'Gallring' (the retention housekeeping's last run).
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  adminPage,
  expectNoHorizontalOverflow,
  expectTablesScrollInTheirCards,
  MOBILE,
  recordApiRequests,
  trackApiRequests,
} from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { settle, useE2e } from './support/e2e.js';

/**
 * Stops the page's clock a moment from now. On a busy machine the page's time can pass the moment
 * read before the pause lands ('Cannot fast-forward to the past'): then read it again.
 */
async function pauseClockNow(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

// Writes import-log rows and moves the feed.
const e2e = useE2e({ ownPortal: true });

const STATUS_PATH = '/api/admin/jobstream/status';
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const stockholm = (date: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', ...options }).format(date);

async function figures(page: Page, section: string): Promise<Record<string, string>> {
  const card = page
    .locator('section.card')
    .filter({ has: page.getByRole('heading', { level: 2, name: section }) });
  const rows = await card
    .locator('dl > div')
    .evaluateAll((divs) =>
      divs.map((div) => [
        div.querySelector('dt')?.textContent ?? '',
        div.querySelector('dd')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(rows.map(([term, value]) => [term, (value ?? '').replace(/\s+/g, ' ').trim()]));
}

/** `count` log entries, the newest an hour from now (after the portal's own snapshot entry). */
async function addLogEntries(count: number, base = Date.now() + 2 * 3_600_000) {
  const rows = Array.from({ length: count }, (_, i) => ({
    date: new Date(base - (count - i) * 3_600_000),
    source: i % 2 ? 'stream' : 'snapshot',
    imported: 10 + i,
    vacancies: 20 + i,
    removed: i,
    error: i === count - 1 ? 'Flödet svarade 503' : null,
  }));
  await e2e.portal.database.db.insertInto('importLog').values(rows).execute();
}

describe('Översikt', () => {
  it('shows at most 7 log entries, newest first, with Swedish dates, plus statistics and stream status', async () => {
    await addLogEntries(9);
    const db = e2e.portal.database.db;
    const live = await db
      .selectFrom('jobs')
      .select([sql<string>`count(*)`.as('ads'), sql<string>`coalesce(sum(vacancies), 0)`.as('vacancies')])
      .where('removedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const newest = await db
      .selectFrom('importLog')
      .selectAll()
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

    const page = await adminPage(e2e, '/admin');
    expect(await page.locator('h1').textContent()).toBe('Översikt');

    const table = page.getByRole('table', { name: /senaste 7 importerna/ });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(7);
    const first = (await rows.first().locator('td').allTextContents()).map(plain);
    const day = stockholm(newest.date, { day: 'numeric', month: 'short', year: 'numeric' });
    const time = stockholm(newest.date, { hour: '2-digit', minute: '2-digit' });
    expect(first[0]).toBe(`${day} ${time}`);
    expect(first.slice(1)).toEqual(['Fullständig import', '18', '28', '8', 'Flödet svarade 503']);
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Datum',
      'Källa',
      'Importerade',
      'Tjänster',
      'Borttagna',
      'Fel',
    ]);

    const stats = await figures(page, 'Statistik');
    expect(stats['Annonser']?.replace(/\s/g, '')).toBe(String(Number(live.ads)));
    expect(stats['Lediga tjänster']?.replace(/\s/g, '')).toBe(String(Number(live.vacancies)));

    const stream = await figures(page, 'Importström');
    expect(stream['Importströmmen']).toBe('Stoppad');
    expect(stream['Väntar på indexering']).toBe('0');
    expect(stream['Senaste fullständiga import']).toMatch(/^\d{1,2} [a-zåäö]+\.? \d{4} \d{2}:\d{2}$/);
    expect(stream['Markör (hämtat till och med)']).toMatch(/\d{4} \d{2}:\d{2}$/);
  });

  it('reads the statistics under their other names (count, vacancies)', async () => {
    const page = await e2e.page({ token: await e2e.portal.adminToken() });
    await page.route('**/api/admin/job-stats', (route) =>
      route.fulfill({ json: { count: 1234, vacancies: 5678 } }),
    );
    await page.goto('/admin');
    await settle(page);
    const stats = await figures(page, 'Statistik');
    expect(stats['Annonser']?.replace(/\s/g, '')).toBe('1234');
    expect(stats['Lediga tjänster']?.replace(/\s/g, '')).toBe('5678');
  });

  it('refreshes every 5000 ms while auto-update is På, and not at all while it is Av', async () => {
    const page = await e2e.page({ token: await e2e.portal.adminToken() });
    await page.clock.install();
    const requests = recordApiRequests(page);
    const apiRequests = trackApiRequests(page);
    const statusCalls = () => requests.filter((r) => r.path === STATUS_PATH).length;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Adminmeny' }).waitFor();
    await settle(page);
    // From here on the page's time moves only when the test moves it.
    await pauseClockNow(page);
    await apiRequests.settled();

    const toggle = page.getByRole('button', { name: 'Automatisk uppdatering' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(plain(await toggle.textContent())).toContain('På');

    // Exactly one refresh in every 5000 ms.
    const start = statusCalls();
    for (let tick = 1; tick <= 3; tick += 1) {
      await page.clock.runFor(5_000);
      await expect.poll(statusCalls).toBe(start + tick);
      // A tick that comes while a refresh still runs is skipped (by design): let this one end.
      await apiRequests.settled();
    }
    await page.clock.runFor(2_400);
    await page.waitForTimeout(300);
    await page.clock.runFor(2_400);
    await page.waitForTimeout(300);
    expect(statusCalls(), 'not more often than every 5000 ms').toBeLessThanOrEqual(start + 4);
    // The whole overview refreshes, not only the status.
    expect(requests.filter((r) => r.path.startsWith('/api/admin/import-log')).length).toBeGreaterThanOrEqual(
      4,
    );

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(plain(await toggle.textContent())).toContain('Av');
    const stopped = statusCalls();
    await page.clock.runFor(30_000);
    await page.waitForTimeout(500);
    expect(statusCalls(), 'no refresh while Av').toBe(stopped);

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // The interval starts in an effect of the click's render; React runs the effects of a click's
    // render before the click's event ends, so it exists before the clock moves.
    await page.clock.runFor(5_000);
    await expect.poll(statusCalls).toBe(stopped + 1);
  });

  it('the switch works from the keyboard', async () => {
    const page = await adminPage(e2e, '/admin');
    const toggle = page.getByRole('button', { name: 'Automatisk uppdatering' });
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('the manual update loads the overview again and announces Status uppdaterad', async () => {
    const page = await adminPage(e2e, '/admin');
    const requests = recordApiRequests(page);
    const announcement = page.locator('[role="status"][aria-live="polite"]').filter({ hasText: /./ });
    expect(await page.getByText('Status uppdaterad').count()).toBe(0);

    await e2e.portal.database.db
      .insertInto('importLog')
      .values({
        date: new Date(Date.now() + 5 * 3_600_000),
        source: 'stream',
        imported: 4242,
        vacancies: 4343,
        error: null,
      })
      .execute();
    await page.getByRole('button', { name: 'Uppdatera status' }).click();
    await page.getByText('Status uppdaterad').waitFor();
    expect(await announcement.textContent()).toBe('Status uppdaterad');
    expect(requests.some((r) => r.path === STATUS_PATH)).toBe(true);
    const first = (
      await page.locator('table').first().locator('tbody tr').first().locator('td').allTextContents()
    ).map(plain);
    expect(first.slice(1, 4)).toEqual(['Ström', '4 242', '4 343']);

    // A second update announces the same text again (the region is emptied in between).
    await page.getByRole('button', { name: 'Uppdatera status' }).click();
    await page.getByText('Status uppdaterad').waitFor();
  });

  it('when loading fails: Ingen logg tillgänglig and dashes instead of figures, until an update succeeds', async () => {
    const page = await e2e.page({ token: await e2e.portal.adminToken() });
    const failing = /\/api\/admin\/(import-log|job-stats|jobstream\/status)/;
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Fel' } }),
    );
    await page.goto('/admin');
    await page.getByText('Ingen logg tillgänglig').waitFor();
    expect(await page.getByRole('table', { name: /importerna/ }).count()).toBe(0);
    const stats = await figures(page, 'Statistik');
    expect(Object.values(stats)).toEqual(['–', '–']);
    const stream = await figures(page, 'Importström');
    expect(new Set(Object.values(stream))).toEqual(new Set(['–']));
    await expectNoAxeViolations(page, 'the failed overview');

    await page.getByRole('button', { name: 'Uppdatera status' }).click();
    await page.getByText('Kunde inte uppdatera status.').waitFor();

    await page.unroute(failing);
    await page.getByRole('button', { name: 'Uppdatera status' }).click();
    await page.getByText('Status uppdaterad').waitFor();
    expect(await page.getByText('Ingen logg tillgänglig').count()).toBe(0);
    expect((await figures(page, 'Statistik'))['Annonser']).not.toBe('–');
  });

  it('draws the import history and the page views with uPlot, each with an accessible image and a data table', async () => {
    const db = e2e.portal.database.db;
    // Some page views today, so the page-view chart has something to show.
    for (const path of ['/', '/jobb', '/jobb', '/kontakt']) {
      const response = await e2e.portal.app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        payload: { path, referrer: '' },
      });
      expect(response.statusCode).toBe(204);
    }
    const page = await adminPage(e2e, '/admin');

    const images = page.locator('canvas[role="img"]');
    await expect.poll(() => images.count()).toBe(2);
    const labels = await images.evaluateAll((canvases) =>
      canvases.map((c) => c.getAttribute('aria-label') ?? ''),
    );
    expect(labels[0]).toMatch(/^Diagram över de senaste 30 dagarna: totalt [\d\s]+ importerade annonser/);
    expect(labels[0]).toMatch(/Aktuella annonser \d+ [a-zåäö]+ \d{4}: [\d\s]+\./);
    expect(labels[1]).toMatch(/^Diagram över sidvisningar de senaste 30 dagarna: totalt \d+/);
    // The canvas has been drawn on (not blank).
    const painted = await images.first().evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) inked += 1;
      return inked;
    });
    expect(painted).toBeGreaterThan(500);

    // The tables: hidden behind a disclosure until asked for, then 30 days with the same figures.
    const history = page.getByRole('table', { name: 'Importerade och aktuella annonser per dag' });
    expect(await history.isVisible()).toBe(false);
    const toggles = page.getByText('Visa data som tabell');
    expect(await toggles.count()).toBe(2);
    await toggles.first().click();
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(30);
    const today = stockholm(new Date(), { day: 'numeric', month: 'long', year: 'numeric' });
    const lastRow = (await history.locator('tbody tr').last().locator('th, td').allTextContents()).map(plain);
    expect(lastRow[0]).toBe(today);
    const importedToday = await db
      .selectFrom('importLog')
      .select(sql<string>`coalesce(sum(imported), 0)`.as('sum'))
      .where(
        sql<boolean>`(date at time zone 'Europe/Stockholm')::date = (now() at time zone 'Europe/Stockholm')::date`,
      )
      .executeTakeFirstOrThrow();
    expect(lastRow[1]?.replace(/\s/g, '')).toBe(String(Number(importedToday.sum)));
    expect(Number(lastRow[2]?.replace(/\s/g, ''))).toBeGreaterThan(0);

    await toggles.last().click();
    const views = page.getByRole('table', { name: 'Sidvisningar per dag' });
    await views.waitFor();
    const viewsToday = (await views.locator('tbody tr').last().locator('th, td').allTextContents()).map(
      plain,
    );
    expect(viewsToday[0]).toBe(today);
    expect(Number(viewsToday[1])).toBeGreaterThanOrEqual(4);

    await expectNoAxeViolations(page, 'the overview with both data tables open');
    await expectNoHorizontalOverflow(page, 'the overview with both data tables open');
  });

  it("shows 'Gallring': the last run's time, what it deleted of each kind and how long each is kept", async () => {
    const startedAt = new Date(Date.now() + 3 * 3_600_000);
    await e2e.portal.database.db
      .insertInto('housekeepingRuns')
      .values({
        startedAt,
        finishedAt: new Date(startedAt.getTime() + 2000),
        deleted: JSON.stringify({ importLog: 1234, closedAds: 1, mailFiles: 0 }),
      })
      .execute();
    const page = await adminPage(e2e, '/admin');
    const card = page
      .locator('section.card')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Gallring' }) });
    const day = stockholm(startedAt, { day: 'numeric', month: 'short', year: 'numeric' });
    const time = stockholm(startedAt, { hour: '2-digit', minute: '2-digit' });
    await card.getByText(`Senaste gallring: ${day} ${time}`).waitFor();
    const lines = await figures(page, 'Gallring');
    const { retention } = e2e.portal.config;
    expect(lines['Importlogg']).toBe(`1 234 rader borttagna (sparas i ${retention.importLogDays} dagar)`);
    expect(lines['Avslutade annonser']).toBe(`1 rad borttagen (sparas i ${retention.closedAdDays} dagar)`);
    expect(lines['Sparade e-postfiler (.eml)']).toBe(
      `0 filer borttagna (sparas i ${retention.mailDays} dagar)`,
    );
    // A kind the run did not record (written by an older version) shows only its period.
    expect(lines['Skickade e-postmeddelanden']).toBe(
      `Inget borttaget ännu (sparas i ${retention.mailDays} dagar)`,
    );
    expect(Object.keys(lines)).toHaveLength(9);
    await expectNoAxeViolations(page, 'the overview with Gallring');
  });

  it('at 360 px the charts fit, the tables scroll inside their cards, and axe finds nothing', async () => {
    const page = await adminPage(e2e, '/admin', MOBILE);
    await expect.poll(() => page.locator('canvas[role="img"]').count()).toBe(2);
    for (const summary of await page.getByText('Visa data som tabell').all()) await summary.click();
    await expectNoHorizontalOverflow(page, 'the overview at 360 px with the tables open');
    const widest = await page
      .locator('canvas[role="img"]')
      .evaluateAll((canvases) => Math.max(...canvases.map((c) => c.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(MOBILE.width);
    await expectTablesScrollInTheirCards(page, 'the overview at 360 px');
    await expectNoAxeViolations(page, 'the overview at 360 px');
  });

  it('on a 375 px phone every table scrolls inside its card, none cut off', async () => {
    await addLogEntries(3);
    const page = await adminPage(e2e, '/admin', { width: 375, height: 800 });
    await expect.poll(() => page.locator('canvas[role="img"]').count()).toBe(2);
    for (const summary of await page.getByText('Visa data som tabell').all()) await summary.click();
    await page.locator('.admin-table tbody tr').first().waitFor();
    const scrolled = await expectTablesScrollInTheirCards(page, 'the overview at 375 px');
    // The import log (date, source, four figures, an error) does not fit 375 px: it scrolls.
    expect(scrolled).toBeGreaterThan(0);
    await expectNoHorizontalOverflow(page, 'the overview at 375 px');
  });
});
