// 'Du uppfyller 4 av 5 krav' (issue #29): a logged-in seeker with a profile sees on /jobb's cards,
// 'Liknande jobb' and the start page's latest jobs how many of each ad's requirements they meet,
// and on the ad page each requirement met (✔) or missing (✘); without a profile a way to create
// one; an anonymous visitor nothing. The server's HTML is the same for everyone and holds no fit:
// it comes after hydration, in the browser, with the visitor's token. axe on the ad page.
import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import type { NormalizedJob } from '@jobbportalen/indexer';
import { saveProfile } from '@jobbportalen/server';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';
import type { TestUser } from './support/portal.js';

// Seeds ads with known requirements.
const e2e = useE2e({ ownPortal: true });

const DAY = 86_400_000;
/** This run's own word and occupation group: the search and the similar ads find only these. */
const RUN = `fit${Math.random().toString(36).slice(2, 8)}`;
const GROUP = { occupationGroupId: `e2e-grp-${RUN}`, occupationFieldId: `e2e-fld-${RUN}` };

interface FitAd {
  id: string;
  title: string;
  fields: Partial<NormalizedJob>;
  /** The line its card shows the seeker. */
  line: string;
}

const ADS = {
  // The case: Java and Swedish the seeker has, the licence not.
  licence: {
    id: `e2e-licence-${RUN}`,
    title: `Servicetekniker ${RUN}`,
    fields: {
      drivingLicenceRequired: true,
      drivingLicences: ['B'],
      mustHaveLanguages: ['Svenska'],
      mustHaveSkills: ['Java, programmeringsspråk'],
      niceToHaveSkills: ['SQL, frågespråk'],
    },
    line: 'Du uppfyller 2 av 3 krav',
  },
  java: {
    id: `e2e-java-${RUN}`,
    title: `Javautvecklare ${RUN}`,
    fields: { mustHaveSkills: ['Java, programmeringsspråk'] },
    line: 'Du uppfyller 1 av 1 krav',
  },
  none: {
    id: `e2e-none-${RUN}`,
    title: `Lagerarbetare ${RUN}`,
    fields: {},
    line: 'Annonsen anger inga krav',
  },
} satisfies Record<string, FitAd>;

const PROFILE: SavedProfile = {
  occupations: [],
  skills: [{ id: 'jCsR_WQX_CKD', name: 'Java' }],
  languages: ['Svenska'],
  drivingLicences: [],
  locations: [],
  yearsOfExperience: null,
};

let seeker: TestUser;

beforeAll(async () => {
  const now = Date.now();
  await seedJobs(
    e2e.portal,
    Object.values(ADS).map((ad, index) =>
      normalizedJob(ad.id, {
        title: ad.title,
        ...GROUP,
        publishedAt: new Date(now - (index + 1) * DAY),
        lastDate: new Date(now + 20 * DAY),
        expiresAt: new Date(now + 20 * DAY),
        ...ad.fields,
      }),
    ),
  );
  seeker = await e2e.portal.createUser();
  await saveProfile(e2e.portal.database.db, seeker.id, PROFILE, null, new Date());
});

const SEARCH = `/jobb?search=${RUN}`;
const adPath = (id: string) => `/jobb/${encodeURIComponent(id)}`;

/** Each card's title and fit line ('' without one), in the order shown. */
const cardFits = (page: Page, scope: string) =>
  page
    .locator(`${scope} .job-card`)
    .evaluateAll((cards) =>
      cards.map((card) => [
        card.querySelector('.job-card-link')?.textContent ?? '',
        card.querySelector('.job-card-fit')?.textContent ?? '',
      ]),
    );

const fitRequests = (page: Page) => {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/candidate/fit') paths.push(request.url());
  });
  return paths;
};

describe('the fit of ads for a logged-in seeker with a profile', () => {
  it('shows the fit line on every card of /jobb, asking once for the page', async () => {
    const page = await e2e.page({ token: seeker.token });
    const asked = fitRequests(page);
    await gotoAndSettle(page, SEARCH);
    await expect
      .poll(() => cardFits(page, '.job-list'))
      .toEqual(Object.values(ADS).map((ad) => [ad.title, ad.line]));
    expect(asked).toHaveLength(1);
  });

  it('lists each requirement met or missing on the ad page, the similar ads with their lines, axe clean', async () => {
    const page = await e2e.page({ token: seeker.token });
    const asked = fitRequests(page);
    await gotoAndSettle(page, SEARCH);
    await expect.poll(() => page.locator('.job-card-fit').count()).toBe(3);
    // To the ad from the results: every fit it shows is known already, so nothing is asked again.
    await page.getByRole('link', { name: ADS.licence.title }).click();
    await expectHeading(page, ADS.licence.title);
    const section = page.getByRole('region', { name: 'Så matchar du annonsen' });
    await expect
      .poll(() => section.locator('.ad-fit-summary').textContent())
      .toBe('Du uppfyller 2 av 3 krav');
    const items = (selector: string) => section.locator(selector).allTextContents();
    expect(await section.getByRole('heading').allTextContents()).toEqual([
      'Så matchar du annonsen',
      'Krav',
      'Meriterande',
    ]);
    expect(await items('.ad-fit-list li')).toEqual([
      '✘ Körkort B – saknas',
      '✔ Svenska',
      '✔ Java',
      '✘ SQL – saknas',
    ]);
    // The symbols mean something to a screen reader too.
    expect(await section.getByRole('img', { name: 'Saknas' }).count()).toBe(2);
    expect(await section.getByRole('img', { name: 'Uppfyllt' }).count()).toBe(2);
    await expect
      .poll(() => cardFits(page, '.similar-jobs'))
      .toEqual([
        [ADS.java.title, ADS.java.line],
        [ADS.none.title, ADS.none.line],
      ]);
    expect(asked).toHaveLength(1);
    await expectNoAxeViolations(page, 'an ad page with its fit');
  });

  it("gives every card of the start page's latest jobs its line", async () => {
    const page = await e2e.page({ token: seeker.token, path: '/' });
    const section = page.getByRole('region', { name: 'Populära jobb just nu' });
    const cards = await section.locator('.job-card').count();
    expect(cards).toBeGreaterThan(0);
    // Every ad has a line: how many of its requirements are met, or that it states none.
    await expect.poll(() => section.locator('.job-card-fit').count()).toBe(cards);
    for (const line of await section.locator('.job-card-fit').allTextContents())
      expect(line).toMatch(/^(Du uppfyller \d+ av \d+ krav|Annonsen anger inga krav)$/);
  });

  it('meets the licence of a CE holder, saying what they have', async () => {
    const trucker = await e2e.portal.createUser();
    await saveProfile(
      e2e.portal.database.db,
      trucker.id,
      { ...PROFILE, drivingLicences: ['CE'] },
      null,
      new Date(),
    );
    const page = await e2e.page({ token: trucker.token, path: adPath(ADS.licence.id) });
    const section = page.getByRole('region', { name: 'Så matchar du annonsen' });
    await expect
      .poll(() => section.locator('.ad-fit-summary').textContent())
      .toBe('Du uppfyller 3 av 3 krav');
    expect(await section.locator('.ad-fit-met').first().textContent()).toBe('✔ Körkort B – du har CE');
  });
});

describe('without a profile, and without logging in', () => {
  it("offers a logged-in seeker without a profile 'Skapa din profil', and no card a line", async () => {
    const newcomer = await e2e.portal.createUser();
    const page = await e2e.page({ token: newcomer.token, path: adPath(ADS.licence.id) });
    const link = page
      .getByRole('region', { name: 'Så matchar du annonsen' })
      .getByRole('link', { name: 'Skapa din profil' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/dashboard');
    await expect.poll(() => cardFits(page, '.similar-jobs')).toHaveLength(2);
    expect(await page.locator('.job-card-fit').count()).toBe(0);
    await expectNoAxeViolations(page, 'an ad page offering a profile');
  });

  it('shows an anonymous visitor no fit and asks for none', async () => {
    const page = await e2e.page();
    const asked = fitRequests(page);
    await gotoAndSettle(page, SEARCH);
    await expect.poll(() => page.locator('.job-list .job-card').count()).toBe(3);
    await gotoAndSettle(page, adPath(ADS.licence.id));
    await expect.poll(() => cardFits(page, '.similar-jobs')).toHaveLength(2);
    expect(await page.locator('.job-card-fit, .ad-fit').count()).toBe(0);
    expect(asked).toEqual([]);
  });
});

describe("the server's HTML", () => {
  it('is the same with a token and without, and holds no fit', async () => {
    for (const path of [SEARCH, adPath(ADS.licence.id)]) {
      const html = async (headers: Record<string, string>) => {
        const response = await fetch(`${e2e.portal.url}${path}`, { headers });
        expect(response.status, path).toBe(200);
        return response.text();
      };
      const anonymous = await html({});
      const withToken = await html({
        authorization: `Bearer ${seeker.token}`,
        cookie: `token=${seeker.token}`,
      });
      // Compared whole, reported short: the pages are large.
      expect(withToken === anonymous, `${path}: the same HTML with a token`).toBe(true);
      // The page is the ad's or the search's (so the comparison is of something), without any fit.
      expect(anonymous.includes(ADS.licence.title), `${path}: the ad is on it`).toBe(true);
      for (const fitText of [
        'Du uppfyller',
        'Annonsen anger inga krav',
        'Så matchar du annonsen',
        'Skapa din profil',
      ])
        expect(anonymous.includes(fitText), `${path}: ${fitText}`).toBe(false);
    }
  });
});
