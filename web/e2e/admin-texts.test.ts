// The admin Texter page, which edits the site settings: heroTitle, heroSubtitle and
// ctaText with the server's limits, save with the server's message, and the start page shows the
// new texts at once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage, expectNoHorizontalOverflow, MOBILE } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { settle, useE2e } from './support/e2e.js';

// Edits the site texts.
const e2e = useE2e({ ownPortal: true });

const fields = (page: Page) => ({
  title: page.getByLabel('Rubrik', { exact: true }),
  subtitle: page.getByLabel('Underrubrik', { exact: true }),
  cta: page.getByLabel('Knapptext', { exact: true }),
});

const greenBox = (page: Page) => page.locator('[role="status"] .alert.success');

describe('Texter', () => {
  it('shows the stored texts, with the limits as maxlength and a counter', async () => {
    await e2e.portal.setSiteSettings({
      heroTitle: 'Sommarjobb nu',
      heroSubtitle: null,
      ctaText: 'Hitta jobb',
    });
    const page = await adminPage(e2e, '/admin/texter');
    const { title, subtitle, cta } = fields(page);
    expect(await title.inputValue()).toBe('Sommarjobb nu');
    expect(await subtitle.inputValue()).toBe('');
    expect(await cta.inputValue()).toBe('Hitta jobb');
    expect(await title.getAttribute('maxlength')).toBe('120');
    expect(await subtitle.getAttribute('maxlength')).toBe('300');
    expect(await cta.getAttribute('maxlength')).toBe('60');
    // An empty field shows the start page's fallback as a hint.
    expect(await subtitle.getAttribute('placeholder')).toBe('Lediga jobb i hela Sverige');
    expect(await page.getByText('13 av 120 tecken').count()).toBe(1);
    await title.fill('Hej');
    await page.getByText('3 av 120 tecken').waitFor();
    // Typing stops at the limit.
    await cta.fill('');
    await cta.pressSequentially('x'.repeat(65));
    expect((await cta.inputValue()).length).toBe(60);
  });

  it('saving shows the server message, and the start page shows the new texts at once', async () => {
    const page = await adminPage(e2e, '/admin/texter');
    const { title, subtitle, cta } = fields(page);
    await title.fill('  Drömjobbet väntar  ');
    await subtitle.fill('Tusentals lediga tjänster i hela landet');
    await cta.fill('Se alla jobb');
    await page.getByRole('button', { name: 'Spara' }).click();
    await greenBox(page).filter({ hasText: 'Inställningarna har sparats.' }).waitFor();
    // Saved as the server stores it (trimmed).
    expect(await title.inputValue()).toBe('Drömjobbet väntar');

    // In the same tab, through the app's own link: no stale texts.
    await page.getByRole('link', { name: 'Visa startsidan' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    expect(await page.locator('h1').textContent()).toBe('Drömjobbet väntar');
    expect(await page.locator('.hero-subtitle').textContent()).toBe(
      'Tusentals lediga tjänster i hela landet',
    );
    expect(await page.getByRole('link', { name: 'Se alla jobb' }).getAttribute('href')).toBe('/jobb');

    // Back and forth in history also shows the new texts.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Texter' }).waitFor();
    await fields(page).title.fill('');
    await page.getByRole('button', { name: 'Spara' }).click();
    await greenBox(page).filter({ hasText: 'Inställningarna har sparats.' }).waitFor();
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    // An emptied title falls back to the spec's default.
    expect(await page.locator('h1').textContent()).toBe('Hitta ditt drömjobb efter sommaren');
    expect(await page.locator('.hero-subtitle').textContent()).toBe(
      'Tusentals lediga tjänster i hela landet',
    );
  });

  it('too long a text is refused in Swedish before anything is sent', async () => {
    const page = await adminPage(e2e, '/admin/texter');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/site-settings'))
        posts.push(request.url());
    });
    const { title } = fields(page);
    // Past the maxlength (as a pasted or scripted value could be).
    await title.evaluate((input) => input.removeAttribute('maxlength'));
    await title.fill('a'.repeat(121));
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Rubriken får vara högst 120 tecken lång.').waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await title.evaluate((input) => input === document.activeElement)).toBe(true);
    const describedBy = (await title.getAttribute('aria-describedby')) ?? '';
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(description).toContain('Rubriken får vara högst 120 tecken lång.');
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page, 'Texter with a field error');

    await title.fill('a'.repeat(120));
    expect(await page.getByText('Rubriken får vara högst 120 tecken lång.').count()).toBe(0);
  });

  it('a refused save shows the server message in a red box', async () => {
    const page = await adminPage(e2e, '/admin/texter');
    await page.route('**/api/admin/site-settings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              code: 'VALIDATION',
              message: 'Knapptexten innehåller otillåtna tecken.',
              error: 'Bad Request',
            },
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Spara' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Knapptexten innehåller otillåtna tecken.');
    expect(await greenBox(page).count()).toBe(0);
  });

  it('fits 360 px and has no axe violations after a save', async () => {
    const page = await adminPage(e2e, '/admin/texter', MOBILE);
    await page.getByRole('button', { name: 'Spara' }).click();
    await greenBox(page).waitFor();
    await expectNoAxeViolations(page, 'Texter at 360 px');
    await expectNoHorizontalOverflow(page, 'Texter at 360 px');
  });
});
