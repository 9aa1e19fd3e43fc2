// The account's mail pages in the browser: 'Glömt lösenord?' from the login form, the reset link
// read from the real mail outbox, a new password and logging in with it; the verification link;
// and axe on the three pages at both widths.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { newestMailLink } from '@jobbportalen/test-support/mail';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';

// Every browser here is 127.0.0.1: the per-IP limit on mail requests would otherwise count them all.
const e2e = useE2e({ ads: 40, env: { RATE_LIMIT_MAIL_REQUESTS_PER_IP: '1000' } });

const NEW_PASSWORD = 'Blå-cykel-simmar-i-maj-42';
const FORGOT_ANSWER =
  'Om adressen finns hos oss har vi skickat en länk för att välja ett nytt lösenord. Länken gäller i en timme.';

const alert = (page: Page) => page.getByRole('alert');
const status = (page: Page) => page.locator('main').getByRole('status');

/** The link of the newest mail of this kind to `recipient`, as path and query on the portal. */
async function mailLink(recipient: string, kind: 'reset-password' | 'verify-email'): Promise<string> {
  const field = kind === 'reset-password' ? 'resetUrl' : 'verifyUrl';
  const url = await newestMailLink(e2e.portal.database.db, recipient, kind, field);
  if (!url) throw new Error(`no ${kind} mail to ${recipient}`);
  // Without PUBLIC_URL a mail links to the address the portal listens on: this one.
  expect(url.origin).toBe(e2e.portal.url);
  return `${url.pathname}${url.search}`;
}

const meStatus = async (token: string) =>
  (await e2e.portal.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
    .statusCode;

describe("'Glömt lösenord?'", () => {
  it('from the login form: ask for a link, open it from the mail, choose a new password, log in with it', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/login' });
    await page.getByRole('link', { name: 'Glömt lösenord?' }).click();
    await page.waitForURL((url) => url.pathname === '/glomt-losenord');
    await expectHeading(page, 'Glömt lösenord?');

    // An empty form is caught before anything is sent.
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Ange din e-postadress.');

    await page.getByLabel('E-post').fill(user.email);
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await expect.poll(() => status(page).textContent()).toContain(FORGOT_ANSWER);
    // The message took the focus from the form it replaced.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    await gotoAndSettle(page, await mailLink(user.email, 'reset-password'));
    await expectHeading(page, 'Välj ett nytt lösenord');
    await page.getByLabel('Nytt lösenord').fill(NEW_PASSWORD);
    await page.getByLabel('Bekräfta lösenord').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Lösenorden matchar inte.');

    await page.getByLabel('Bekräfta lösenord').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
    await expect
      .poll(() => status(page).textContent())
      .toContain('Ditt lösenord är bytt. Logga in med det nya.');
    // The session from before the change is over.
    expect(await meStatus(user.token)).toBe(401);

    await page.getByRole('link', { name: 'Till inloggningen' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-postadress').fill(user.email);
    await page.getByLabel('Lösenord').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectHeading(page, 'Min profil');
  });

  it('an unknown address gets the same answer, and no mail', async () => {
    const email = uniqueEmail('okand');
    const page = await e2e.page({ path: '/glomt-losenord' });
    await page.getByLabel('E-post').fill(email);
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await expect.poll(() => status(page).textContent()).toContain(FORGOT_ANSWER);
    const rows = await e2e.portal.database.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('recipient', '=', email)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a used link says so and offers a new one; the password stays as it was', async () => {
    const user = await e2e.portal.createUser();
    const response = await e2e.portal.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(202);
    const link = await mailLink(user.email, 'reset-password');
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;
    const used = await e2e.portal.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(used.statusCode).toBe(200);

    const page = await e2e.page({ path: link });
    await page.getByLabel('Nytt lösenord').fill(`${NEW_PASSWORD}-2`);
    await page.getByLabel('Bekräfta lösenord').fill(`${NEW_PASSWORD}-2`);
    await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
    await expect
      .poll(() => alert(page).textContent())
      .toContain('Länken är ogiltig eller har gått ut. Be om en ny.');
    expect(await page.getByRole('link', { name: 'Be om en ny länk' }).getAttribute('href')).toBe(
      '/glomt-losenord',
    );
    const login = await e2e.portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a link without a token says at once that it does not work', async () => {
    const page = await e2e.page({ path: '/aterstall-losenord' });
    await expect
      .poll(() => alert(page).textContent())
      .toContain('Länken är ogiltig eller har gått ut. Be om en ny.');
    expect(await page.getByLabel('Nytt lösenord').count()).toBe(0);
  });
});

describe('/verifiera-epost', () => {
  it('sends the link’s token once and shows the confirmation; the account is then verified', async () => {
    const user = await e2e.portal.createUser();
    const link = await mailLink(user.email, 'verify-email');
    const page = await e2e.page({ token: user.token });
    let verifyCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/verify-email')) verifyCalls += 1;
    });
    await gotoAndSettle(page, link);
    await expectHeading(page, 'Bekräfta e-postadress');
    await expect.poll(() => status(page).textContent()).toContain('Din e-postadress är bekräftad.');
    expect(await page.getByRole('link', { name: 'Till Min profil' }).getAttribute('href')).toBe('/dashboard');
    expect(verifyCalls).toBe(1);
    const me = await e2e.portal.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.json<{ emailVerified: boolean }>().emailVerified).toBe(true);
  });

  it('a forged token: the Swedish error, as an alert', async () => {
    const page = await e2e.page({ path: '/verifiera-epost?token=eyJzIjoieCJ9.aGVq' });
    await expect.poll(() => alert(page).textContent()).toContain('Länken är ogiltig eller har gått ut.');
    expect(await page.getByRole('link', { name: 'Till inloggningen' }).getAttribute('href')).toBe('/login');
  });
});

describe('accessibility (axe)', () => {
  it(
    'the three pages and their results have zero violations at 1280 px and at 360 px',
    { timeout: 180_000 },
    async () => {
      const user = await e2e.portal.createUser();
      const verifyLink = await mailLink(user.email, 'verify-email');
      const failures: Record<string, string[]> = {};
      const record = (name: string, violations: string[]) => {
        if (violations.length > 0) failures[name] = violations;
      };
      for (const viewport of [DESKTOP, MOBILE]) {
        const at = ` @ ${viewport.width} px`;
        const page = await e2e.page({ viewport });

        await gotoAndSettle(page, '/glomt-losenord');
        record(`/glomt-losenord${at}`, await axeViolations(page));
        await page.getByRole('button', { name: 'Skicka länk' }).click();
        await alert(page).waitFor();
        record(`/glomt-losenord error${at}`, await axeViolations(page));
        await page.getByLabel('E-post').fill(uniqueEmail('axe'));
        await page.getByRole('button', { name: 'Skicka länk' }).click();
        await status(page).filter({ hasText: 'Om adressen' }).waitFor();
        record(`/glomt-losenord sent${at}`, await axeViolations(page));

        await gotoAndSettle(page, '/aterstall-losenord?token=nagot');
        await expectHeading(page, 'Välj ett nytt lösenord');
        record(`/aterstall-losenord${at}`, await axeViolations(page));
        await page.getByLabel('Nytt lösenord').fill(STRONG_PASSWORD);
        await page.getByLabel('Bekräfta lösenord').fill(STRONG_PASSWORD);
        await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
        await alert(page).waitFor();
        record(`/aterstall-losenord invalid link${at}`, await axeViolations(page));

        await gotoAndSettle(page, verifyLink);
        await status(page).filter({ hasText: 'bekräftad' }).waitFor();
        record(`/verifiera-epost${at}`, await axeViolations(page));
        await gotoAndSettle(page, '/verifiera-epost?token=x');
        await alert(page).waitFor();
        record(`/verifiera-epost invalid${at}`, await axeViolations(page));
      }
      expect(failures).toEqual({});
    },
  );
});
