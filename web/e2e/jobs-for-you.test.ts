// 'Jobb för dig' on the dashboard: without a profile a pointer to where it is made; with one the
// ads that fit it, each linked to its page with why, and 'Bevaka jobb som matchar min profil',
// which puts the profile search among 'Mina bevakningar'. axe at 1280 and 360 px, and by keyboard.
import { drainOutbox } from '@jobbportalen/indexer';
import { occupationNames, groupById } from '@jobbportalen/lexicon/taxonomy';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { describe, expect, it } from 'vitest';
import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import { expectNoAxeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { useE2e } from './support/e2e.js';

// Seeds ads for the profile to fit.
const e2e = useE2e({ ownPortal: true });
const DAY = 86_400_000;

/** A Java developer in Göteborg as 'Min profil' keeps one: taxonomy ids and the names shown. */
const JAVA_DEVELOPER: SavedProfile = {
  occupations: [{ id: 'fg7B_yov_smw', name: 'Systemutvecklare', years: null }],
  skills: [
    { id: 'jCsR_WQX_CKD', name: 'Java' },
    { id: 'Xnmr_kYS_YKY', name: 'SQL' },
    { id: 'ZipR_ckJ_YQC', name: 'Docker' },
  ],
  languages: ['Svenska'],
  drivingLicences: [],
  locations: [{ municipality: 'Göteborg', region: 'Västra Götalands län' }],
  yearsOfExperience: null,
};

/** Gives the account that profile, as 'Min profil' stores it. */
async function saveProfile(userId: string): Promise<void> {
  const now = new Date();
  await e2e.portal.database.db
    .insertInto('candidateProfiles')
    .values({ userId, profile: JSON.stringify(JAVA_DEVELOPER), createdAt: now, updatedAt: now })
    .execute();
}

/** A live developer ad in Göteborg, stored and indexed as the indexer would. */
async function seedDeveloperAd(): Promise<string> {
  const id = `e2e-dev-${Math.random().toString(36).slice(2, 10)}`;
  const occupation = occupationNames().find((name) => name.label === 'Systemutvecklare/Programmerare')!;
  const group = groupById(occupation.groupId)!;
  const now = Date.now();
  const job = normalizedJob(id, {
    title: 'Javautvecklare till vårt team',
    location: 'Göteborg',
    municipality: 'Göteborg',
    region: 'Västra Götalands län',
    occupation: occupation.label,
    occupationId: occupation.id,
    occupationGroup: group.label,
    occupationGroupId: group.id,
    mustHaveSkills: ['Java, programmeringsspråk', 'SQL, frågespråk'],
    publishedAt: new Date(now),
    sourceUpdatedAt: new Date(now),
    lastDate: new Date(now + 30 * DAY),
    expiresAt: new Date(now + 30 * DAY),
  });
  const db = e2e.portal.database.db;
  await db.insertInto('jobs').values(normalizedJobRow(job, null)).execute();
  await db.insertInto('searchOutbox').values({ jobId: id }).execute();
  await drainOutbox({ db, client: e2e.portal.search.client, indexUid: e2e.portal.indexUid });
  return id;
}

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe("'Jobb för dig' on the dashboard", () => {
  it('without a profile points to where it is made', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    const section = page.locator('section#jobb-for-dig');
    await section.getByRole('heading', { level: 2, name: 'Jobb för dig' }).waitFor();
    const link = section.getByRole('link', { name: 'Skapa din profil från ditt CV' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('#min-profil');
    expect(await section.getByRole('button').count()).toBe(0);
  });

  it('lists the ads that fit, with why, and watches them from one button', async () => {
    const adId = await seedDeveloperAd();
    const user = await e2e.portal.createUser();
    await saveProfile(user.id);
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    const section = page.locator('section#jobb-for-dig');
    const card = section.locator('.job-card').filter({ has: page.locator(`a[href="/jobb/${adId}"]`) });
    await card.waitFor();
    expect(plain(await card.locator('.jobs-for-you-reason').textContent())).toMatch(
      /^Därför passar jobbet: Yrke: Systemutvecklare · Kompetenser: Java, SQL \(2 av 2 krav\)/,
    );
    // The best fit first.
    expect(await section.locator('.job-card-link').first().getAttribute('href')).toBe(`/jobb/${adId}`);

    // By keyboard: the button takes focus and Enter presses it.
    const button = section.getByRole('button', { name: 'Bevaka jobb som matchar min profil' });
    await button.waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => plain(await section.getByRole('status').first().textContent()))
      .toMatch(/^Bevakningen är sparad\./);
    expect(await section.getByRole('button', { name: 'Bevaka jobb som matchar min profil' }).count()).toBe(0);

    // It is one of 'Mina bevakningar' at once, daily, and its 'Öppna' leads back here.
    const item = page
      .locator('section#bevakningar article.saved-search')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Jobb som matchar min profil' }) });
    await item.waitFor();
    expect(await item.getByRole('combobox', { name: /^Bevaka/ }).inputValue()).toBe('daily');
    expect(await item.getByRole('link', { name: /^Öppna/ }).getAttribute('href')).toBe('#jobb-for-dig');
    const [saved] = await e2e.portal.database.db
      .selectFrom('savedSearches')
      .select(['name', 'query', 'alert'])
      .where('userId', '=', user.id)
      .execute();
    expect(saved).toEqual({ name: 'Jobb som matchar min profil', query: {}, alert: 'daily' });

    // Loaded again, the section says it is watched instead of offering the button.
    await page.reload();
    await section.getByText('Du bevakar jobb som matchar din profil').waitFor();
    expect(await section.getByRole('button').count()).toBe(0);
  });

  it(
    'has zero axe violations at 1280 and 360 px, with and without a profile',
    { timeout: 240_000 },
    async () => {
      await seedDeveloperAd();
      for (const viewport of [DESKTOP, MOBILE]) {
        const without = await e2e.portal.createUser();
        const empty = await e2e.page({ viewport, token: without.token, path: '/dashboard' });
        await empty.getByRole('link', { name: 'Skapa din profil från ditt CV' }).waitFor();
        await expectNoAxeViolations(empty, `dashboard without a profile @ ${viewport.width} px`);

        const user = await e2e.portal.createUser();
        await saveProfile(user.id);
        const page = await e2e.page({ viewport, token: user.token, path: '/dashboard' });
        const section = page.locator('section#jobb-for-dig');
        await section.locator('.jobs-for-you-reason').first().waitFor();
        await expectNoAxeViolations(page, `dashboard, Jobb för dig @ ${viewport.width} px`);
        await section.getByRole('button', { name: 'Bevaka jobb som matchar min profil' }).click();
        await section.getByText(/^Bevakningen är sparad\./).waitFor();
        await expectNoAxeViolations(page, `dashboard, profile search saved @ ${viewport.width} px`);
      }
    },
  );
});
