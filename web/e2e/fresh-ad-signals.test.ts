// Fresh-ad signals with a fixed clock (Playwright's page.clock): 'Ny' for ads published in the
// last 24 hours, not for an old ad we first saw just now (and, as before, for ads first seen since
// an opened saved search's moment),
// 'Publicerad för 3 timmar sedan' / 'i går' / '12 nov. 2025', and the deadline as 'i morgon' /
// 'om 3 dagar' within a week, on /jobb's cards and on the job page; the labels follow the clock
// as it moves; axe at 1280 and 360 px on /jobb with the labels shown.
import { toSearchDocument } from '@jobbportalen/indexer';
import { stockholmDate as stockholmDay, stockholmInstant, stockholmWallClock } from '@jobbportalen/contracts';
import { completed } from '@jobbportalen/storage';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';

// Seeds ads with known times.
const e2e = useE2e({ ownPortal: true });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A Stockholm wall-clock time `days` calendar days from the day of `from`, as an instant (ms). */
function stockholmDayAt(from: number, days: number, hour: number, minute = 0, second = 0): number {
  const { year, month, day } = stockholmWallClock(from);
  // Date.UTC normalises day overflow (31 May + 1 → 1 June); only the calendar date is read back.
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return stockholmInstant({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour,
    minute,
    second,
  }).getTime();
}

/**
 * The browser's clock: noon tomorrow in Stockholm. Ahead of the real time, so every seeded
 * deadline is still ahead of the server's clock as well, whatever it filters out as closed.
 */
const NOW = stockholmDayAt(Date.now(), 1, 12);

const SWEDISH_DATE = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});

/** A word no ad of the simulated corpus has, so a search for it lists only the ads seeded here. */
const WORD = `farskhetsprov${[...String(Date.now() % 1e6)].map((d) => 'bcdfghjklm'[Number(d)]).join('')}`;

interface SeededAd {
  title: string;
  firstSeenAt: number;
  publishedAt: number;
  lastDate: number;
}

/** The ads, each with the signals it must show at NOW. */
const ADS = {
  // First seen 2 hours ago, published 3 hours ago, closes at the end of tomorrow.
  fresh: {
    title: `${WORD} färsk`,
    firstSeenAt: NOW - 2 * HOUR,
    publishedAt: NOW - 3 * HOUR,
    lastDate: stockholmDayAt(NOW, 1, 23, 59, 59),
  },
  // First seen three days ago, published yesterday morning (over 24 hours ago: not new), closes
  // in 3 days.
  yesterday: {
    title: `${WORD} gårdagens`,
    firstSeenAt: NOW - 3 * DAY,
    publishedAt: stockholmDayAt(NOW, -1, 9),
    lastDate: stockholmDayAt(NOW, 3, 23, 59, 59),
  },
  // Seen long ago, published 12 November 2025, closes in a month.
  old: {
    title: `${WORD} äldre`,
    firstSeenAt: NOW - 40 * DAY,
    publishedAt: Date.UTC(2025, 10, 12, 9),
    lastDate: stockholmDayAt(NOW, 30, 23, 59, 59),
  },
  // First seen an hour ago (a snapshot import brought it in), published 40 days ago: not new.
  imported: {
    title: `${WORD} importerad`,
    firstSeenAt: NOW - HOUR,
    publishedAt: NOW - 40 * DAY,
    lastDate: stockholmDayAt(NOW, 20, 23, 59, 59),
  },
} satisfies Record<string, SeededAd>;

const ids: Record<keyof typeof ADS, string> = { fresh: '', yesterday: '', old: '', imported: '' };

/** Stores an ad as the indexer would, with our own first-seen moment (row and search document). */
async function seedAd(ad: SeededAd): Promise<string> {
  const id = `e2e-fresh-${Math.random().toString(36).slice(2, 10)}`;
  const job = normalizedJob(id, {
    title: ad.title,
    publishedAt: new Date(ad.publishedAt),
    sourceUpdatedAt: new Date(ad.publishedAt),
    lastDate: new Date(ad.lastDate),
    expiresAt: new Date(ad.lastDate),
  });
  const firstSeenAt = new Date(ad.firstSeenAt);
  await e2e.portal.database.db
    .insertInto('jobs')
    .values({ ...normalizedJobRow(job, null), firstSeenAt })
    .execute();
  const index = e2e.portal.search.client.index(e2e.portal.indexUid);
  await completed(index.addDocuments([toSearchDocument({ ...job, firstSeenAt })]));
  return id;
}

beforeAll(async () => {
  for (const key of Object.keys(ADS) as (keyof typeof ADS)[]) ids[key] = await seedAd(ADS[key]);
});

/** A page whose clock starts at NOW (and runs on from there), opened at `path`. */
async function pageAt(path: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await e2e.page({ viewport });
  await page.clock.install({ time: NOW });
  await gotoAndSettle(page, path);
  return page;
}

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A card on /jobb, by the ad it links to. */
const cardOf = (page: Page, id: string): Locator =>
  page.locator('.jobs-content .job-card').filter({ has: page.locator(`a[href="/jobb/${id}"]`) });

/** What a card says about freshness: its badge and the text and dateTime of its <time> elements. */
async function signalsOf(card: Locator) {
  return {
    badge:
      (await card.locator('.job-card-new').count()) > 0
        ? plain(await card.locator('.job-card-new').textContent())
        : null,
    times: await card
      .locator('.job-meta time')
      .evaluateAll((times) => times.map((time) => [time.textContent, time.getAttribute('datetime')])),
  };
}

const searchPath = `/jobb?search=${WORD}`;

async function openSearch(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await pageAt(searchPath, viewport);
  await expect.poll(() => page.locator('.jobs-content .job-card').count()).toBe(4);
  return page;
}

describe('fresh-ad signals on /jobb', () => {
  it("marks ads published in the last 24 hours 'Ny' and says when each was published and when it closes", async () => {
    const page = await openSearch();

    expect(await signalsOf(cardOf(page, ids.fresh))).toEqual({
      badge: 'Ny',
      times: [
        ['Publicerad för 3 timmar sedan', new Date(ADS.fresh.publishedAt).toISOString()],
        ['Sista ansökningsdag i morgon', stockholmDay(ADS.fresh.lastDate)],
      ],
    });
    expect(await signalsOf(cardOf(page, ids.yesterday))).toEqual({
      badge: null,
      times: [
        ['Publicerad i går', new Date(ADS.yesterday.publishedAt).toISOString()],
        ['Sista ansökningsdag om 3 dagar', stockholmDay(ADS.yesterday.lastDate)],
      ],
    });
    expect(await signalsOf(cardOf(page, ids.old))).toEqual({
      badge: null,
      times: [
        ['Publicerad 12 nov. 2025', new Date(ADS.old.publishedAt).toISOString()],
        [`Sista ansökningsdag: ${SWEDISH_DATE.format(ADS.old.lastDate)}`, stockholmDay(ADS.old.lastDate)],
      ],
    });
    // A deadline within a week stands out; one further off does not.
    expect(await cardOf(page, ids.yesterday).locator('.closing-soon').count()).toBe(1);
    expect(await cardOf(page, ids.old).locator('.closing-soon').count()).toBe(0);
    // First seen an hour ago but published long before: not 'Ny'.
    expect((await signalsOf(cardOf(page, ids.imported))).badge).toBeNull();
    expect(await page.locator('.jobs-content .job-card-new').count()).toBe(1);

    // The labels are the browser's, at render time: an hour later they have moved on.
    await page.clock.fastForward(HOUR);
    await expect
      .poll(() => cardOf(page, ids.fresh).locator('.job-meta time').first().textContent())
      .toBe('Publicerad för 4 timmar sedan');
  });

  it("is one 'Ny' badge for both rules: an opened saved search's new ads are marked too", async () => {
    // The saved search was last opened four days before NOW: the ads first seen three days and an
    // hour ago are new to it (whenever they were published), the one first seen 40 days ago is not.
    const since = Math.floor((NOW - 4 * DAY) / 1000);
    const page = await pageAt(`${searchPath}&nya=${since}`);
    await expect.poll(() => page.locator('.jobs-content .job-card').count()).toBe(4);
    expect((await signalsOf(cardOf(page, ids.fresh))).badge).toBe('Ny');
    expect((await signalsOf(cardOf(page, ids.yesterday))).badge).toBe('Ny');
    expect((await signalsOf(cardOf(page, ids.imported))).badge).toBe('Ny');
    expect((await signalsOf(cardOf(page, ids.old))).badge).toBeNull();
    expect(await page.locator('.jobs-content .job-card-new').count()).toBe(3);
  });

  it('has no axe violations with the labels shown, at 1280 and 360 px', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await openSearch(viewport);
      await cardOf(page, ids.fresh).getByText('Publicerad för 3 timmar sedan').waitFor();
      await expectNoAxeViolations(page, `/jobb with fresh-ad signals at ${viewport.width} px`);
      await expectNoHorizontalOverflow(page, `/jobb at ${viewport.width} px`);
    }
  });
});

describe('fresh-ad signals on the job page', () => {
  const signalsOnPage = (page: Page) =>
    page
      .locator('.job-ad-freshness time')
      .evaluateAll((times) => times.map((time) => [time.textContent, time.getAttribute('datetime')]));

  it('says when the ad was published and, within a week, how soon it closes', async () => {
    const page = await pageAt(`/jobb/${ids.fresh}`);
    await expectHeading(page, ADS.fresh.title);
    expect(await signalsOnPage(page)).toEqual([
      ['Publicerad för 3 timmar sedan', new Date(ADS.fresh.publishedAt).toISOString()],
      ['Sista ansökningsdag i morgon', stockholmDay(ADS.fresh.lastDate)],
    ]);

    expect(await page.locator('.job-ad-freshness .job-ad-new').textContent()).toBe('Ny');

    await gotoAndSettle(page, `/jobb/${ids.yesterday}`);
    await expectHeading(page, ADS.yesterday.title);
    expect(await signalsOnPage(page)).toEqual([
      ['Publicerad i går', new Date(ADS.yesterday.publishedAt).toISOString()],
      ['Sista ansökningsdag om 3 dagar', stockholmDay(ADS.yesterday.lastDate)],
    ]);
  });

  it("is not 'Ny' when only our first sighting is recent, not the publication", async () => {
    const page = await pageAt(`/jobb/${ids.imported}`);
    await expectHeading(page, ADS.imported.title);
    const published = page.locator('.job-ad-freshness time').first();
    expect(await published.getAttribute('datetime')).toBe(new Date(ADS.imported.publishedAt).toISOString());
    expect(await page.locator('.job-ad-new').count()).toBe(0);
  });

  it('leaves a deadline a month off to the facts, as a date', async () => {
    const page = await pageAt(`/jobb/${ids.old}`);
    await expectHeading(page, ADS.old.title);
    expect(await signalsOnPage(page)).toEqual([
      ['Publicerad 12 nov. 2025', new Date(ADS.old.publishedAt).toISOString()],
    ]);
    const deadlineFact = page
      .locator('.job-facts > div')
      .filter({ hasText: 'Sista ansökningsdag' })
      .locator('dd');
    expect(await deadlineFact.textContent()).toBe(SWEDISH_DATE.format(ADS.old.lastDate));
  });
});
