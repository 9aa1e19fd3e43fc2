// 'Spara som min profil' under the results of 'Matcha mig' (#29): the file and letter just matched
// become 'Min profil' with the owner's consent (the same consent fields as the dashboard's form),
// a failure leaves the results in place, and a visitor who is not logged in is sent to log in.
// axe on the section's states. Shares the portal: it only adds accounts and their profiles.
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the judged CV fixtures live beside their files in the server's match tests
import { JUDGED_CVS } from '../../server/src/features/match/fixtures/judged-cvs.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectHeading, useE2e } from './support/e2e.js';
import { READING_MS } from './support/portal.js';
import { repoRoot } from './support/web-build.js';

const e2e = useE2e();

const CV_DIR = path.join(repoRoot, 'server', 'src', 'features', 'match', 'fixtures', 'cvs');
const javaCv = JUDGED_CVS.find((cv) => cv.id === 'sv-javautvecklare-goteborg')!;

const CONSENT = 'Jag godkänner att uppgifterna ur mitt CV sparas i min profil';

const results = (page: Page) => page.getByRole('region', { name: 'Jobb som matchar dig' });
const saveSection = (page: Page) => page.getByRole('region', { name: 'Spara som min profil' });
const saveButton = (page: Page) => saveSection(page).getByRole('button', { name: 'Spara som min profil' });

/** Matches the Java developer's CV and letter on /match and waits for the results. */
async function match(page: Page): Promise<void> {
  await expectHeading(page, 'Matcha mig');
  await page.getByLabel('CV', { exact: true }).setInputFiles(path.join(CV_DIR, `${javaCv.id}.pdf`));
  await page.getByLabel('Personligt brev').fill(javaCv.letter);
  await page.getByRole('button', { name: 'Hitta matchande jobb' }).click();
  await results(page).waitFor({ timeout: READING_MS });
  await saveSection(page).waitFor();
}

/**
 * A new account matches on /match and saves with consent, the save answered as given rather than
 * by the server (a failure the server cannot be made to give on demand).
 */
async function saveAnswered(answer: Parameters<Route['fulfill']>[0]) {
  const user = await e2e.portal.createUser();
  const page = await e2e.page({ path: '/match', token: user.token });
  await page.route('**/api/candidate/profile', (route) =>
    route.request().method() === 'PUT' ? route.fulfill(answer) : route.continue(),
  );
  await match(page);
  const section = saveSection(page);
  await section.getByLabel(CONSENT).check();
  await saveButton(page).click();
  return { page, section };
}

describe("'Spara som min profil' on /match", { timeout: 120_000 }, () => {
  it('keeps what the match read as Min profil, with consent, and links to it', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/match', token: user.token });
    await match(page);
    const section = saveSection(page);
    expect(await section.textContent()).toContain('Har du redan en profil ersätts den.');
    expect(await section.getByLabel('Spara även CV-filen').isChecked()).toBe(false);
    expect(
      await section.getByRole('link', { name: /hur vi hanterar dina uppgifter/ }).getAttribute('href'),
    ).toBe('/integritet');
    await expectNoAxeViolations(page, '/match with results, logged in');

    // Without consent nothing is sent.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/candidate/profile')) uploads += 1;
    });
    await saveButton(page).click();
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toBe('Kryssa i att du godkänner att vi sparar uppgifterna ur ditt CV.');
    expect(uploads).toBe(0);

    await section.getByLabel(CONSENT).check();
    await saveButton(page).click();
    const saved = section.getByRole('status');
    await expect
      .poll(() => saved.textContent(), { timeout: READING_MS })
      .toBe('Din profil är sparad. Gå till Min profil');
    expect(uploads).toBe(1);
    // The form and its button are gone: the focus is on the message, not lost to the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Din profil är sparad. Gå till Min profil',
    );
    // The results are still there.
    expect(await results(page).locator('.job-card').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, '/match after saving the profile');

    // The profile was read from the same CV: the dashboard's Min profil lists its occupation.
    const link = saved.getByRole('link', { name: 'Gå till Min profil' });
    expect(await link.getAttribute('href')).toBe('/dashboard#min-profil');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#min-profil');
    const occupations = page
      .getByRole('region', { name: 'Din profil från CV:t' })
      .getByRole('region', { name: 'Yrken' })
      .getByRole('listitem');
    await expect
      .poll(async () => (await occupations.allTextContents()).join(' | '))
      .toContain(javaCv.expect.occupation);

    const kept = await e2e.portal.app.inject({
      url: '/api/candidate/profile',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ cv: unknown }>().cv).toBeNull();
  });

  it("a failed save says so in the dashboard form's words and keeps the results", async () => {
    const { page, section } = await saveAnswered({ status: 500, body: '' });
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toBe('Det gick inte att spara din profil just nu. Försök igen om en stund.');
    expect(await results(page).locator('.job-card').count()).toBeGreaterThan(0);
    expect(await saveButton(page).isDisabled()).toBe(false);
  });

  it('a token the server no longer takes logs the visitor out here, without leaving the results', async () => {
    const { page, section } = await saveAnswered({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'UNAUTHORIZED', message: 'Du är inte inloggad.' }),
    });
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toBe('Du är inte längre inloggad. Logga in igen för att spara din profil.');
    expect(new URL(page.url()).pathname).toBe('/match');
    expect(await section.getByRole('link', { name: 'Logga in' }).getAttribute('href')).toBe(
      '/login?next=%2Fmatch',
    );
    expect(await results(page).locator('.job-card').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('logged out, the section asks for an account and links to log in and come back', async () => {
    const page = await e2e.page({ path: '/match' });
    await match(page);
    const section = saveSection(page);
    expect(await section.textContent()).toContain('behöver du ett konto');
    expect(await section.getByRole('link', { name: 'Logga in' }).getAttribute('href')).toBe(
      '/login?next=%2Fmatch',
    );
    expect(await section.getByRole('link', { name: 'Skapa konto' }).getAttribute('href')).toBe(
      '/register?next=%2Fmatch',
    );
    expect(await section.getByRole('button', { name: 'Spara som min profil' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/match with results, logged out');
  });

  it('logging in from the section comes back to the same results, saves them, and logging out forgets them', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/match' });
    await match(page);
    const cardLinks = () =>
      results(page)
        .locator('.job-card a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const matched = await cardLinks();
    expect(matched.length).toBeGreaterThan(0);
    // Every step below stays in this document: a reload would lose the match by design.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await saveSection(page).getByRole('link', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-postadress').fill(user.email);
    await page.getByLabel('Lösenord').fill(user.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/match');
    await results(page).waitFor();
    expect(await cardLinks()).toEqual(matched);

    // Reading an ad and going back finds them too.
    await results(page).locator('.job-card a').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/jobb/'));
    await page.goBack();
    await results(page).waitFor();
    expect(await cardLinks()).toEqual(matched);

    // The file and letter came back too: the save sends them.
    await saveSection(page).getByLabel(CONSENT).check();
    await saveButton(page).click();
    await expect
      .poll(async () => {
        const answer = await e2e.portal.app.inject({
          url: '/api/candidate/profile',
          headers: { authorization: `Bearer ${user.token}` },
        });
        return answer.statusCode;
      })
      .toBe(200);

    const header = page.getByRole('navigation', { name: 'Huvudmeny' });
    await header.getByRole('link', { name: 'Min profil' }).click();
    await page.getByRole('button', { name: 'Logga ut', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await header.getByRole('link', { name: 'Matcha mig' }).click();
    await expectHeading(page, 'Matcha mig');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await results(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Hitta matchande jobb' }).count()).toBe(1);
  });
});
