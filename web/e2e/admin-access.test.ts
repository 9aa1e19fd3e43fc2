// The admin area's gate (admins only), frame and placeholder pages: login redirect and
// return, no access for non-admins, expired tokens, the side menu, the skip link, 360 px, axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { handmadeToken } from '@jobbportalen/test-support/auth';
import {
  ADMIN_PAGES,
  adminPage,
  expectNoHorizontalOverflow,
  MOBILE,
  recordApiRequests,
} from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { settle, useE2e } from './support/e2e.js';

const e2e = useE2e();

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

describe('access to /admin', () => {
  it('without a token: /login with the way back, and after logging in as admin back to the page', async () => {
    const admin = await e2e.portal.createUser('admin');
    const page = await e2e.page();
    await page.goto('/admin/import');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/import');
    await settle(page);

    await logInThroughForm(page, admin.email, admin.password);
    await page.waitForURL((url) => url.pathname === '/admin/import');
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('/admin itself sends to /login?next=/admin', async () => {
    const page = await e2e.page();
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?next=%2Fadmin');
  });

  it('the login form ignores a next that leaves the site and goes to /dashboard', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/login?next=//evil.example/admin' });
    await logInThroughForm(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(e2e.portal.url).host);
  });

  it('a logged-in candidate gets the Swedish no-access page with a link home', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ token: user.token });
    await page.goto('/admin');
    await page.getByText('Du har inte behörighet till administrationen.').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Ingen behörighet');
    // No admin menu, no admin data.
    expect(await page.getByRole('navigation', { name: 'Adminmeny' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the no-access page');
    await page.getByRole('main').getByRole('link', { name: 'Till startsidan' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a candidate who logs in from the admin redirect also lands on the no-access page', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/login?next=/admin' });
    await logInThroughForm(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByText('Du har inte behörighet till administrationen.').waitFor();
  });

  it('an expired token is forgotten and the visitor is sent to /login', async () => {
    const admin = await e2e.portal.createUser('admin');
    const expired = handmadeToken(
      { sub: admin.id, role: 'admin', iat: 1_600_000_000, exp: 1_600_003_600 },
      { secret: e2e.portal.config.jwtSecret },
    );
    const page = await e2e.page({ token: expired });
    await page.goto('/admin/texter');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/texter');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a broken token is treated the same way', async () => {
    const page = await e2e.page({ token: 'inte.en.token' });
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('every admin call carries the bearer token', async () => {
    const token = await e2e.portal.adminToken();
    const page = await e2e.page({ token });
    const requests = recordApiRequests(page);
    for (const { path } of ADMIN_PAGES) {
      await page.goto(path);
      await page.getByRole('navigation', { name: 'Adminmeny' }).waitFor();
      await settle(page);
    }
    const adminCalls = requests.filter((r) => r.path.startsWith('/api/admin/') || r.path === '/api/auth/me');
    expect(adminCalls.length).toBeGreaterThan(5);
    for (const call of adminCalls) expect(call.authorization, call.path).toBe(`Bearer ${token}`);
  });
});

describe('the admin layout', () => {
  it('has a side menu with the five pages; the current one is marked and the links navigate', async () => {
    const page = await adminPage(e2e, '/admin');
    const nav = page.getByRole('navigation', { name: 'Adminmeny' });
    const links = await nav
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links).toEqual(ADMIN_PAGES.map(({ label, path }) => [label, path]));

    for (const { path, label, heading } of ADMIN_PAGES) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const current = await nav.locator('[aria-current="page"]').allTextContents();
      expect(current).toEqual([label]);
      // The public header is not part of the admin layout.
      expect(await page.getByRole('navigation', { name: 'Huvudmeny' }).count()).toBe(0);
    }
  });

  it('the skip link is the first stop and moves focus to the content', async () => {
    const page = await adminPage(e2e, '/admin/design');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hoppa till innehållet' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
  });

  it('Design and Banner are the placeholder pages of the spec', async () => {
    const page = await adminPage(e2e, '/admin/design');
    const design = await page.getByRole('main').textContent();
    expect(design).toContain('färger och logotyp');
    expect(design).toContain('kommer snart');
    await page.getByRole('navigation', { name: 'Adminmeny' }).getByRole('link', { name: 'Banner' }).click();
    await page.getByRole('heading', { level: 1, name: 'Banner' }).waitFor();
    const banner = await page.getByRole('main').textContent();
    expect(banner).toContain('bannerjobb');
    expect(banner).toContain('kommer snart');
  });

  it('an unknown admin path says so in Swedish inside the admin layout', async () => {
    const page = await adminPage(e2e, '/admin/okand');
    expect(await page.locator('h1').textContent()).toBe('Sidan finns inte');
    await page.getByRole('link', { name: 'Till översikten' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('Logga ut forgets the token and leaves the admin area', async () => {
    const user = await e2e.portal.createUser('admin');
    const page = await e2e.page({ token: user.token });
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('has no axe violations on any admin page, on desktop and at 360 px, and nothing scrolls sideways', async () => {
    for (const viewport of [undefined, MOBILE]) {
      const page = await adminPage(e2e, '/admin', viewport);
      for (const { path, label, heading } of ADMIN_PAGES) {
        await page.getByRole('navigation', { name: 'Adminmeny' }).getByRole('link', { name: label }).click();
        await page.waitForURL((url) => url.pathname === path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await settle(page);
        const what = `${path} at ${viewport ? '360 px' : 'desktop'}`;
        await expectNoAxeViolations(page, what);
        await expectNoHorizontalOverflow(page, what);
      }
    }
  });
});
