// The admin import page, which runs or stops the import stream: Starta, Stoppa, Full import and
// Omindexera against a real indexer daemon that reads the feed simulator, the green and red boxes,
// the buttons disabled while an action runs, and the progress bar of a running snapshot.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedClient, startIndexer, type FeedClient, type RunningIndexer } from '@jobbportalen/indexer';
import { adminPage, expectNoHorizontalOverflow, MOBILE } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { useE2e } from './support/e2e.js';

// Pauses, resumes and syncs the feed.
const e2e = useE2e({ ads: 300, ownPortal: true });

/** Each snapshot record arrives this late, so a full import of 300 ads takes about 4.5 s. */
const RECORD_DELAY_MS = 15;

async function* slowly(records: AsyncIterable<unknown>, delayMs: number): AsyncIterable<unknown> {
  for await (const record of records) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    yield record;
  }
}

let indexer: RunningIndexer | undefined;

beforeAll(() => {
  const { portal } = e2e;
  const feed = createFeedClient({
    baseUrl: portal.simulator.url,
    apiVersion: 'v1',
    minRequestIntervalMs: 0,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 50,
    maxAttempts: 4,
  });
  const slowFeed: FeedClient = {
    snapshot: (options) => slowly(feed.snapshot(options), RECORD_DELAY_MS),
    stream: (window) => feed.stream(window),
  };
  const quiet = { info() {}, warn() {}, error() {} };
  // The portal runs no indexer of its own: this one acts on the admin's commands, as in production.
  indexer = startIndexer({
    database: portal.database,
    search: portal.search.client,
    indexUid: portal.indexUid,
    feed: slowFeed,
    logger: quiet,
    streamIntervalMs: 1_000,
    commandPollMs: 100,
    now: () => new Date(portal.simulator.now()),
  });
});

afterAll(async () => {
  await indexer?.stop();
});

const STATUS_PATH = '/api/admin/jobstream/status';

const actionButtons = (page: Page) =>
  ['Starta', 'Stoppa', 'Full import', 'Omindexera'].map((name) =>
    page.getByRole('main').getByRole('button', { name, exact: true }),
  );

/** The green box (inside the polite live region) and the red box (role=alert). */
const greenBox = (page: Page) => page.locator('[role="status"] .alert.success');
const redBox = (page: Page) => page.getByRole('alert');

async function streamState(page: Page): Promise<string> {
  return (
    (await page
      .locator('dt', { hasText: 'Importströmmen' })
      .locator('xpath=following-sibling::dd')
      .textContent()) ?? ''
  );
}

async function waitUntilIdle(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(STATUS_PATH, {
          headers: { authorization: `Bearer ${await e2e.portal.adminToken()}` },
        });
        const status = (await response.json()) as { progress: unknown; pendingCommands: number };
        return status.progress === null && status.pendingCommands === 0;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

describe('Import', () => {
  it('Starta and Stoppa: the server message in a green box, and the stream state follows', async () => {
    const page = await adminPage(e2e, '/admin/import');
    expect(await page.locator('h1').textContent()).toBe('Import');
    expect(await streamState(page)).toBe('Stoppad');

    await actionButtons(page)[0]!.click();
    await greenBox(page).filter({ hasText: 'Importen har startats.' }).waitFor();
    expect(await redBox(page).count()).toBe(0);
    await expect.poll(() => streamState(page), { timeout: 15_000 }).toBe('Pågår');

    await actionButtons(page)[1]!.click();
    await greenBox(page).filter({ hasText: 'Importen har stoppats.' }).waitFor();
    await expect.poll(() => streamState(page), { timeout: 15_000 }).toBe('Stoppad');
  });

  it('every button is disabled while an action runs', async () => {
    const page = await adminPage(e2e, '/admin/import');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/jobstream/stop', async (route) => {
      await held;
      await route.continue();
    });
    const buttons = actionButtons(page);
    await buttons[1]!.click();
    for (const button of buttons) await expect.poll(() => button.isDisabled()).toBe(true);
    release();
    await greenBox(page).filter({ hasText: 'Importen har stoppats.' }).waitFor();
    for (const button of buttons) expect(await button.isDisabled()).toBe(false);
  });

  it('Full import shows a moving progress bar (N av M annonser); a second one is refused in a red box', async () => {
    await waitUntilIdle(await e2e.page());
    const page = await adminPage(e2e, '/admin/import');
    const logBefore = await e2e.portal.database.db.selectFrom('importLog').select('id').execute();

    await actionButtons(page)[2]!.click();
    await greenBox(page).filter({ hasText: 'En fullständig import (snapshot) har startats.' }).waitFor();

    const bar = page.getByRole('progressbar', { name: 'Fullständig import pågår' });
    await bar.waitFor({ timeout: 15_000 });
    const seen = new Set<number>();
    const texts = new Set<string>();
    await expect
      .poll(
        async () => {
          if (!(await bar.isVisible())) return seen.size;
          const value = Number(await bar.getAttribute('value'));
          if (Number.isFinite(value)) seen.add(value);
          texts.add(((await page.locator('.admin-progress-text').textContent()) ?? '').replace(/\s/g, ' '));
          return seen.size;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(2);
    expect(await bar.getAttribute('max')).toBe('300');
    expect(
      [...texts].every((text) => /^\d[\d ]* av 300 annonser$/.test(text)),
      [...texts].join(' | '),
    ).toBe(true);
    const values = [...seen];
    expect(values).toEqual([...values].sort((a, b) => a - b));
    await expectNoAxeViolations(page, 'the import page with a running snapshot');

    // A second snapshot while the first runs: the server refuses (409) and says why.
    await actionButtons(page)[2]!.click();
    await redBox(page).waitFor();
    expect(await redBox(page).textContent()).toBe(
      'En fullständig import pågår redan. Vänta tills den är klar.',
    );
    expect(await redBox(page).getAttribute('class')).toContain('error');
    expect(await greenBox(page).count()).toBe(0);

    // Done: the bar goes, the end is announced, and the import log has a new snapshot entry.
    await bar.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('Den fullständiga importen är klar.').waitFor();
    const logAfter = await e2e.portal.database.db
      .selectFrom('importLog')
      .selectAll()
      .orderBy('date', 'desc')
      .execute();
    expect(logAfter.length).toBe(logBefore.length + 1);
    expect(logAfter[0]?.source).toBe('snapshot');
  });

  it('Omindexera: the green box with the server message, and the task runs to its end', async () => {
    await waitUntilIdle(await e2e.page());
    const page = await adminPage(e2e, '/admin/import');
    await actionButtons(page)[3]!.click();
    await greenBox(page)
      .filter({ hasText: 'Omindexeringen har startats. Sökningen fungerar som vanligt under tiden.' })
      .waitFor();
    await waitUntilIdle(page);
  });

  it('a failure without a message of its own shows Något gick fel. in the red box', async () => {
    const page = await adminPage(e2e, '/admin/import');
    await page.route('**/api/admin/jobstream/start', (route) => route.fulfill({ status: 500, body: '' }));
    await actionButtons(page)[0]!.click();
    await redBox(page).waitFor();
    expect(await redBox(page).textContent()).toBe('Något gick fel.');

    // The next action clears the red box again.
    await page.unroute('**/api/admin/jobstream/start');
    await page.route('**/api/admin/jobstream/stop', (route) =>
      route.fulfill({
        status: 503,
        json: { code: 'UNAVAILABLE', message: 'Indexeraren svarar inte.', error: 'x' },
      }),
    );
    await actionButtons(page)[1]!.click();
    await expect.poll(() => redBox(page).textContent()).toBe('Indexeraren svarar inte.');
  });

  it('a lost admin role mid-session turns the page into the no-access page', async () => {
    const user = await e2e.portal.createUser('admin');
    const page = await e2e.page({ token: user.token });
    await page.goto('/admin/import');
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    await e2e.portal.database.db
      .updateTable('users')
      .set({ role: 'candidate' })
      .where('id', '=', user.id)
      .execute();
    await actionButtons(page)[1]!.click();
    await page.getByText('Du har inte behörighet till administrationen.').waitFor();
  });

  it('fits 360 px and has no axe violations', async () => {
    const page = await adminPage(e2e, '/admin/import', MOBILE);
    await page.route('**/api/admin/jobstream/start', (route) =>
      route.fulfill({ status: 409, json: { code: 'CONFLICT', message: 'Upptaget.', error: 'Conflict' } }),
    );
    await actionButtons(page)[0]!.click();
    await redBox(page).waitFor();
    await expectNoAxeViolations(page, 'the import page at 360 px with a red box');
    await expectNoHorizontalOverflow(page, 'the import page at 360 px');
  });
});
