// The job page's facts and signals with a fixed clock (Playwright's page.clock): the feed's salary
// type, duration, scope of work, languages and licences, publication date and vacancies; 'Ny',
// 'Urval sker löpande' and 'Senast bekräftad av Arbetsförmedlingen …'; 'Liknande jobb' nearest
// first, also on the page of a removed ad (410); 'Dela' with the Web Share API and with its
// copy-link fallback; 'Ny' among the start page's latest jobs; axe at 1280 and 360 px.
import { stockholmInstant, stockholmWallClock } from '@jobbportalen/contracts';
import { toSearchDocument, type NormalizedJob } from '@jobbportalen/indexer';
import { completed } from '@jobbportalen/storage';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, settle, useE2e } from './support/e2e.js';

// Seeds ads with known facts.
const e2e = useE2e({ ownPortal: true });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The browser's clock: noon tomorrow in Stockholm (ahead of the server, so no seeded ad has closed). */
const NOW = (() => {
  const { year, month, day } = stockholmWallClock(Date.now() + DAY);
  return stockholmInstant({ year, month, day, hour: 12, minute: 0, second: 0 }).getTime();
})();

const SWEDISH_DATE = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});

/** This run's own occupation group and field: the similar ads are the ones seeded here. */
const RUN = Math.random().toString(36).slice(2, 8);
const OCCUPATION = { occupationGroupId: `e2e-grp-${RUN}`, occupationFieldId: `e2e-fld-${RUN}` };

// Municipality coordinates: from Uppsala, Stockholm is nearest, then Göteborg, then Malmö.
const PLACES = {
  Uppsala: { lat: 59.8586, lng: 17.6389 },
  Stockholm: { lat: 59.3293, lng: 18.0686 },
  Göteborg: { lat: 57.7089, lng: 11.9746 },
  Malmö: { lat: 55.605, lng: 13.0038 },
} as const;

interface SeededAd {
  id: string;
  title: string;
  place: keyof typeof PLACES;
  firstSeenAt: number;
  lastConfirmedAt: number | null;
  fields?: Partial<NormalizedJob>;
  removed?: boolean;
}

const ADS = {
  main: {
    id: `e2e-facts-${RUN}`,
    title: `Truckförare ${RUN}`,
    place: 'Uppsala',
    firstSeenAt: NOW - 2 * HOUR,
    lastConfirmedAt: NOW - 3 * HOUR,
    fields: {
      publishedAt: new Date(NOW - 5 * HOUR),
      vacancies: 3,
      salaryType: 'Fast månads- vecko- eller timlön',
      duration: 'Tills vidare',
      scopeOfWorkMin: 75,
      scopeOfWorkMax: 100,
      mustHaveLanguages: ['Svenska', 'Engelska'],
      drivingLicences: ['B', 'CE'],
      rollingSelection: true,
    },
  },
  near: {
    id: `e2e-near-${RUN}`,
    title: `Lagerarbetare Stockholm ${RUN}`,
    place: 'Stockholm',
    firstSeenAt: NOW - 5 * DAY,
    lastConfirmedAt: NOW - DAY,
    fields: { rollingSelection: true },
  },
  middle: {
    id: `e2e-middle-${RUN}`,
    title: `Lagerarbetare Göteborg ${RUN}`,
    place: 'Göteborg',
    firstSeenAt: NOW - 5 * DAY,
    lastConfirmedAt: NOW - DAY,
  },
  far: {
    id: `e2e-far-${RUN}`,
    title: `Lagerarbetare Malmö ${RUN}`,
    place: 'Malmö',
    firstSeenAt: NOW - 5 * DAY,
    lastConfirmedAt: NOW - DAY,
  },
  // Removed from the feed, and in Uppsala: never a similar ad, but its page lists the others.
  gone: {
    id: `e2e-gone-${RUN}`,
    title: `Borttagen truckförare ${RUN}`,
    place: 'Uppsala',
    firstSeenAt: NOW - 9 * DAY,
    lastConfirmedAt: NOW - 2 * DAY,
    removed: true,
  },
} satisfies Record<string, SeededAd>;

/** Stores an ad as the indexer would: the row (with its feed times) and, when live, its document. */
async function seed(ad: SeededAd): Promise<void> {
  const job = normalizedJob(ad.id, {
    title: ad.title,
    location: ad.place,
    municipality: ad.place,
    ...PLACES[ad.place],
    ...OCCUPATION,
    lastDate: new Date(NOW + 20 * DAY),
    expiresAt: new Date(NOW + 20 * DAY),
    publishedAt: new Date(NOW - 2 * DAY),
    ...ad.fields,
  });
  const firstSeenAt = new Date(ad.firstSeenAt);
  const lastConfirmedAt = ad.lastConfirmedAt === null ? null : new Date(ad.lastConfirmedAt);
  await e2e.portal.database.db
    .insertInto('jobs')
    .values({
      ...normalizedJobRow(job, ad.removed ? new Date(NOW - DAY) : null),
      firstSeenAt,
      lastConfirmedAt,
    })
    .execute();
  if (ad.removed) return;
  const index = e2e.portal.search.client.index(e2e.portal.indexUid);
  await completed(index.addDocuments([toSearchDocument({ ...job, firstSeenAt })]));
}

beforeAll(async () => {
  for (const ad of Object.values(ADS)) await seed(ad);
});

/** A page whose clock starts at NOW; `prepare` runs before the app loads (init scripts, permissions). */
async function pageAt(
  path: string,
  {
    viewport = DESKTOP,
    prepare,
  }: { viewport?: typeof DESKTOP | typeof MOBILE; prepare?: (page: Page) => Promise<unknown> } = {},
): Promise<Page> {
  const page = await e2e.page({ viewport });
  await page.clock.install({ time: NOW });
  await prepare?.(page);
  await gotoAndSettle(page, path);
  return page;
}

async function factsOf(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.job-facts > div')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector('dt')?.textContent ?? '',
          row.querySelector('dd')?.textContent ?? '',
        ]),
      ),
    );
}

const freshnessOf = (page: Page) =>
  page.locator('.job-ad-freshness > li').evaluateAll((items) => items.map((item) => item.textContent));

/** The ids the 'Liknande jobb' cards link to, in order. */
const similarIdsOf = (page: Page) =>
  page
    .locator('.similar-jobs .job-card-link')
    .evaluateAll((links) =>
      links.map((link) => decodeURIComponent(link.getAttribute('href')!.slice('/jobb/'.length))),
    );

const similarSection = (page: Page) => page.getByRole('region', { name: 'Liknande jobb' });

/** Without the Web Share API (desktop Chromium on Linux has none; made certain here). */
const withoutWebShare = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });

describe('the facts and signals of an ad', () => {
  it('shows the feed’s facts, the publication date and the number of vacancies', async () => {
    const page = await pageAt(`/jobb/${ADS.main.id}`);
    await expectHeading(page, ADS.main.title);
    expect(await factsOf(page)).toMatchObject({
      Ort: 'Uppsala',
      Omfattning: 'Heltid',
      Sysselsättningsgrad: '75–100 %',
      Varaktighet: 'Tills vidare',
      Lönetyp: 'Fast månads- vecko- eller timlön',
      Språkkrav: 'Svenska, Engelska',
      Körkort: 'B, CE',
      'Antal tjänster': '3',
      Publicerad: SWEDISH_DATE.format(NOW - 5 * HOUR),
      'Sista ansökningsdag': SWEDISH_DATE.format(NOW + 20 * DAY),
    });
  });

  it("says 'Ny', when it was published, 'Urval sker löpande' and when the feed last confirmed it", async () => {
    const page = await pageAt(`/jobb/${ADS.main.id}`);
    await expectHeading(page, ADS.main.title);
    expect(await freshnessOf(page)).toEqual([
      'Ny',
      'Publicerad för 5 timmar sedan',
      'Urval sker löpande',
      'Senast bekräftad av Arbetsförmedlingen för 3 timmar sedan',
    ]);
    expect(await page.locator('.job-ad-confirmed time').getAttribute('datetime')).toBe(
      new Date(ADS.main.lastConfirmedAt).toISOString(),
    );
    // A day later it is no longer new, and the confirmation has aged with the clock.
    await page.clock.fastForward(DAY);
    await expect
      .poll(() => freshnessOf(page))
      .toEqual(['Publicerad i går', 'Urval sker löpande', 'Senast bekräftad av Arbetsförmedlingen i går']);
  });

  it("lists 'Liknande jobb' nearest first, never the ad itself nor a removed one", async () => {
    const page = await pageAt(`/jobb/${ADS.main.id}`);
    await similarSection(page).waitFor();
    await expect.poll(() => similarIdsOf(page)).toEqual([ADS.near.id, ADS.middle.id, ADS.far.id]);
    expect(await similarSection(page).getByRole('heading', { level: 2 }).textContent()).toBe('Liknande jobb');
    // Cards say 'Urval sker löpande' beside the deadline when the ad does.
    const nearCard = similarSection(page).locator('.job-card').first();
    expect(await nearCard.locator('.job-meta-rolling').textContent()).toBe('Urval sker löpande');
    expect(await similarSection(page).locator('.job-meta-rolling').count()).toBe(1);
  });

  it('says a removed ad is gone (410) and lists similar live ads, nearest first', async () => {
    const page = await pageAt(`/jobb/${ADS.gone.id}`);
    await expectHeading(page, 'Annonsen är inte längre aktuell');
    expect(await page.locator('main').textContent()).toContain('Annonsen har tagits bort');
    await expect
      .poll(() => similarIdsOf(page))
      .toEqual([ADS.main.id, ADS.near.id, ADS.middle.id, ADS.far.id]);
  });

  it("says 'Urval sker löpande' on the job browser's cards of the ads that say so", async () => {
    const page = await pageAt(`/jobb?search=${RUN}`);
    const cards = page.locator('.jobs-content .job-card');
    await expect.poll(() => cards.count()).toBe(4);
    const rolling = await cards
      .filter({ has: page.locator('.job-meta-rolling') })
      .locator('.job-card-link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')).sort());
    expect(rolling).toEqual([`/jobb/${ADS.main.id}`, `/jobb/${ADS.near.id}`].sort());
  });

  it("marks the ad 'Ny' among the start page's latest jobs", async () => {
    const page = await pageAt('/');
    const card = page.locator('.job-card').filter({ has: page.locator(`a[href="/jobb/${ADS.main.id}"]`) });
    await card.waitFor();
    expect(await card.locator('.job-card-new').textContent()).toBe('Ny');
    expect(await card.locator('.job-meta-rolling').textContent()).toBe('Urval sker löpande');
  });
});

describe("'Dela'", () => {
  it('copies the ad’s address and says so politely when the browser has no share sheet', async () => {
    const page = await pageAt(`/jobb/${ADS.main.id}`, {
      prepare: async (page) => {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await withoutWebShare(page);
      },
    });
    await page.getByRole('button', { name: 'Dela' }).click();
    const status = page.locator('.share-ad-status');
    await expect.poll(() => status.textContent()).toBe('Länken är kopierad');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${e2e.portal.url}/jobb/${ADS.main.id}`,
    );
  });

  it('shows the address to copy by hand when copying fails', async () => {
    const page = await pageAt(`/jobb/${ADS.main.id}`, {
      prepare: async (page) => {
        await withoutWebShare(page);
        await page.addInitScript(() => {
          navigator.clipboard.writeText = () => Promise.reject(new DOMException('nej', 'NotAllowedError'));
        });
      },
    });
    await page.getByRole('button', { name: 'Dela' }).click();
    await expect
      .poll(() => page.locator('.share-ad-status').textContent())
      .toBe(`Kunde inte kopiera länken. Kopiera den här i stället: ${e2e.portal.url}/jobb/${ADS.main.id}`);
  });

  it('hands the title and address to the Web Share API where there is one', async () => {
    const page = await pageAt(`/jobb/${ADS.main.id}`, {
      prepare: (page) =>
        page.addInitScript(() => {
          const shared: ShareData[] = [];
          Object.defineProperty(window, 'sharedForTest', { value: shared });
          Object.defineProperty(Navigator.prototype, 'share', {
            configurable: true,
            value: (data: ShareData) => {
              shared.push(data);
              return Promise.resolve();
            },
          });
        }),
    });
    await page.getByRole('button', { name: 'Dela' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest))
      .toEqual([{ title: ADS.main.title, url: `${e2e.portal.url}/jobb/${ADS.main.id}` }]);
    expect(await page.locator('.share-ad-status').textContent()).toBe('');
  });
});

describe('accessibility', () => {
  it('has no axe violations on the ad (facts, similar ads, a copied link) and on a removed one, at 1280 and 360 px', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await pageAt(`/jobb/${ADS.main.id}`, {
        viewport,
        prepare: async (page) => {
          await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
          await withoutWebShare(page);
        },
      });
      await expect.poll(() => similarIdsOf(page)).toHaveLength(3);
      await page.getByRole('button', { name: 'Dela' }).click();
      await page.getByText('Länken är kopierad').waitFor();
      await expectNoAxeViolations(page, `the job page at ${viewport.width} px`);
      await expectNoHorizontalOverflow(page, `the job page at ${viewport.width} px`);

      await gotoAndSettle(page, `/jobb/${ADS.gone.id}`);
      await settle(page);
      await expect.poll(() => similarIdsOf(page)).toHaveLength(4);
      await expectNoAxeViolations(page, `a removed ad's page at ${viewport.width} px`);
      await expectNoHorizontalOverflow(page, `a removed ad's page at ${viewport.width} px`);
    }
  });
});
