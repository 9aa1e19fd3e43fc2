// 'Min profil' on the dashboard: a CV read into a profile that stays, edited item by item (remove
// a skill, add one by the typeahead), kept across a reload, and deleted. axe on the section's
// states. One portal for the file.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';
import { READING_MS } from './support/portal.js';
import { repoRoot } from './support/web-build.js';

const e2e = useE2e();

const FULLSTACK_CV = path.join(
  repoRoot,
  'server',
  'src',
  'features',
  'match',
  'fixtures',
  'cvs',
  'sv-fullstack-goteborg.pdf',
);

const section = (page: Page) => page.getByRole('region', { name: 'Din profil från CV:t' });
// Exact: the confirmation's group is labelled by a sentence that also says 'ditt CV'.
const cvField = (page: Page) => section(page).getByLabel('Ditt CV', { exact: true });
const list = (page: Page, title: string) => section(page).getByRole('region', { name: title });
const itemTexts = async (page: Page, title: string) =>
  (await list(page, title).getByRole('listitem').allTextContents()).map((text) =>
    text.replace(/Ta bort.*$/, ''),
  );

describe('Min profil', { timeout: 120_000 }, () => {
  it('reads a CV, removes and adds a skill, keeps the edit, and deletes the profile', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/dashboard', token: user.token });
    await expectHeading(page, 'Min profil');
    const profile = section(page);
    await expect.poll(() => cvField(page).count()).toBe(1);
    expect(await profile.getByLabel('Spara även CV-filen').isChecked()).toBe(false);
    expect(
      await profile.getByRole('link', { name: /hur vi hanterar dina uppgifter/ }).getAttribute('href'),
    ).toBe('/integritet');
    await expectNoAxeViolations(page, 'the dashboard without a profile');

    // Without consent nothing is sent.
    await cvField(page).setInputFiles(FULLSTACK_CV);
    await profile.getByRole('button', { name: 'Spara min profil' }).click();
    await expect
      .poll(() => profile.getByRole('alert').textContent())
      .toBe('Kryssa i att du godkänner att vi sparar uppgifterna ur ditt CV.');

    await profile.getByLabel('Jag godkänner att uppgifterna ur mitt CV sparas i min profil').check();
    await profile.getByRole('button', { name: 'Spara min profil' }).click();
    await expect.poll(() => itemTexts(page, 'Kompetenser'), { timeout: READING_MS }).toContain('React');
    const skills = await itemTexts(page, 'Kompetenser');
    expect(skills).toEqual(expect.arrayContaining(['React', 'Spring Boot', 'Kubernetes', 'Java']));
    const occupations = await itemTexts(page, 'Yrken');
    expect(occupations.length).toBeGreaterThan(0);
    expect(occupations.some((text) => /^CD\b/.test(text))).toBe(false);
    expect(await itemTexts(page, 'Orter')).toContain('Göteborg (Västra Götalands län)');
    await expectNoAxeViolations(page, 'the dashboard with a profile');

    // Remove Docker by its button.
    await profile.getByRole('button', { name: 'Ta bort Docker' }).click();
    await expect.poll(() => itemTexts(page, 'Kompetenser')).not.toContain('Docker');

    // Add Python by the typeahead, with the keyboard.
    const add = profile.getByRole('combobox', { name: 'Lägg till kompetens' });
    await add.fill('pyth');
    await expect.poll(() => profile.getByRole('option', { name: 'Python' }).count()).toBe(1);
    await add.press('ArrowDown');
    expect(await add.getAttribute('aria-expanded')).toBe('true');
    await add.press('Enter');
    await expect.poll(() => itemTexts(page, 'Kompetenser')).toContain('Python');
    expect(await add.inputValue()).toBe('');

    // The edit was kept by the server.
    await gotoAndSettle(page, '/dashboard');
    await expect.poll(() => itemTexts(page, 'Kompetenser')).toContain('Python');
    expect(await itemTexts(page, 'Kompetenser')).not.toContain('Docker');

    // Delete: it asks first.
    await profile.getByRole('button', { name: 'Ta bort min profil' }).click();
    await profile.getByRole('button', { name: 'Ja, ta bort min profil' }).click();
    // The form comes back once the server has answered the deletion (and says so).
    await expect.poll(() => profile.getByRole('status').textContent()).toBe('Din profil är borttagen.');
    expect(await cvField(page).count()).toBe(1);
    const left = await e2e.portal.app.inject({
      url: '/api/candidate/profile',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(left.statusCode).toBe(404);
  });
});
