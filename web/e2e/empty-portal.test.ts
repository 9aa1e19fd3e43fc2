// A portal without ads (as after `npm ci && npm start`, auto-import off): the start page says
// 'Just nu 0 annonser', and only an admin is told how to fill it (Admin → Import); axe clean.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, useE2e } from './support/e2e.js';

const e2e = useE2e({ ads: 0 });

const notice = (page: Page) => page.getByRole('region', { name: 'Portalen har inga annonser ännu' });

describe('the start page of an empty portal', () => {
  it('tells an admin how to get ads, with a link to the import page', async () => {
    const page = await e2e.page({ token: await e2e.portal.adminToken(), path: '/' });
    await expectHeading(page, /drömjobb/);
    await expect.poll(() => page.locator('.hero-stats').textContent()).toContain('Just nu 0 annonser');
    await notice(page).waitFor();
    expect((await notice(page).textContent())?.replace(/\s+/g, ' ')).toContain(
      'Hämta alla annonser under Admin → Import med ”Full import”, eller starta servern med FEED_AUTO_IMPORT=true',
    );
    expect(await notice(page).getByRole('link', { name: 'Admin → Import' }).getAttribute('href')).toBe(
      '/admin/import',
    );
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the empty start page for an admin at ${viewport.width} px`);
    }
  });

  it('says nothing of it to a visitor or a seeker', async () => {
    const seeker = await e2e.portal.createUser();
    for (const token of [undefined, seeker.token]) {
      const page = await e2e.page(token ? { token, path: '/' } : { path: '/' });
      await expect.poll(() => page.locator('.hero-stats').textContent()).toContain('Just nu 0 annonser');
      // Long enough for a role check to have answered had one been made.
      await page.waitForTimeout(500);
      expect(await notice(page).count()).toBe(0);
    }
  });
});
