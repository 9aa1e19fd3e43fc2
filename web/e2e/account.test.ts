// Registration, login and the candidate's profile page: form checks, where each success leads,
// the stored token and the failure messages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { expectHeading, settle, useE2e } from './support/e2e.js';

// A saved ad is removed by the feed in one test.
const e2e = useE2e({ ownPortal: true });

const alert = (page: Page) => page.getByRole('alert');
const headerLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link').allTextContents();

async function fillRegistration(
  page: Page,
  input: { name: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Namn').fill(input.name);
  await page.getByLabel('E-postadress').fill(input.email);
  await page.getByLabel('Lösenord', { exact: true }).fill(input.password);
  await page.getByLabel('Bekräfta lösenord').fill(input.confirm);
}

async function savedJobIds(token: string): Promise<string[]> {
  const response = await e2e.portal.app.inject({
    url: '/api/candidate/saved-jobs',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json<{ _id: string }[]>().map((job) => job._id);
}

async function saveJob(token: string, jobId: string) {
  const response = await e2e.portal.app.inject({
    method: 'POST',
    url: '/api/candidate/save-job',
    headers: { authorization: `Bearer ${token}` },
    payload: { jobId },
  });
  expect(response.statusCode).toBeLessThan(300);
}

describe('/register', () => {
  it('has the four required fields, the e-mail one of e-mail type', async () => {
    const page = await e2e.page({ path: '/register' });
    await expectHeading(page, 'Registrera dig');
    for (const label of ['Namn', 'E-postadress', 'Bekräfta lösenord']) {
      expect(await page.getByLabel(label).getAttribute('required')).not.toBeNull();
    }
    expect(await page.getByLabel('Lösenord', { exact: true }).getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('E-postadress').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Lösenord', { exact: true }).getAttribute('type')).toBe('password');

    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect.poll(() => alert(page).textContent()).toMatch(/Fyll i/);
    expect(registerCalls).toBe(0);
  });

  it("mismatched passwords: 'Lösenorden matchar inte.' and nothing is sent", async () => {
    const page = await e2e.page({ path: '/register' });
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await fillRegistration(page, {
      name: 'Mona Matchar',
      email: uniqueEmail('mismatch'),
      password: STRONG_PASSWORD,
      confirm: `${STRONG_PASSWORD}x`,
    });
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Lösenorden matchar inte.');
    expect(registerCalls).toBe(0);
  });

  it('an address already in use goes to /login like a new one (nobody learns who has an account); its owner gets a mail', async () => {
    const existing = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/register' });
    await fillRegistration(page, {
      name: 'Dubbel Användare',
      email: existing.email,
      password: STRONG_PASSWORD,
      confirm: STRONG_PASSWORD,
    });
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const told = await e2e.portal.database.db
      .selectFrom('mailOutbox')
      .select('kind')
      .where('recipient', '=', existing.email)
      .where('kind', '=', 'registration-attempt')
      .execute();
    expect(told).toHaveLength(1);
  });

  it("a password that is easy to guess: the server's message, and no account", async () => {
    const email = uniqueEmail('svag');
    const page = await e2e.page({ path: '/register' });
    await fillRegistration(page, {
      name: 'Sven Svag',
      email,
      password: 'lösenord-123',
      confirm: 'lösenord-123',
    });
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect
      .poll(() => alert(page).textContent())
      .toBe('Lösenordet är för lätt att gissa. Välj ett längre eller mindre vanligt lösenord.');
    expect(new URL(page.url()).pathname).toBe('/register');
    const row = await e2e.portal.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("a failure without a message says 'Registreringen misslyckades.'", async () => {
    const page = await e2e.page({ path: '/register' });
    await page.route('**/api/auth/register', (route) => route.fulfill({ status: 500, body: '' }));
    await fillRegistration(page, {
      name: 'Nätverk Fel',
      email: uniqueEmail('fail'),
      password: STRONG_PASSWORD,
      confirm: STRONG_PASSWORD,
    });
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Registreringen misslyckades.');
  });

  it('success goes to /login, the address filled in (not in the URL), where the new account can log in', async () => {
    const email = uniqueEmail('ny');
    const page = await e2e.page({ path: '/register' });
    await fillRegistration(page, {
      name: 'Nina Ny',
      email,
      password: STRONG_PASSWORD,
      confirm: STRONG_PASSWORD,
    });
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectHeading(page, 'Logga in');
    expect(await page.getByRole('status').first().textContent()).toContain('Ditt konto är skapat');
    // The address it was made with is filled in; it rode in history state, not the address bar.
    expect(await page.getByLabel('E-postadress').inputValue()).toBe(email);
    expect(page.url()).toBe(`${new URL(page.url()).origin}/login`);

    await page.getByLabel('Lösenord').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectHeading(page, 'Min profil');
    await expect.poll(() => page.locator('.profile-facts').textContent()).toContain(email);
  });
});

describe('/login', () => {
  it("wrong password: the server's 'Fel e-postadress eller lösenord.' and no token", async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/login' });
    expect(await page.getByLabel('E-postadress').getAttribute('type')).toBe('email');
    await page.getByLabel('E-postadress').fill(user.email);
    await page.getByLabel('Lösenord').fill('fel-lösenord-1');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Fel e-postadress eller lösenord.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("empty fields are caught before sending; a failure without message says 'Inloggningen misslyckades.'", async () => {
    const page = await e2e.page({ path: '/login' });
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Fyll i e-postadress och lösenord.');
    expect(loginCalls).toBe(0);

    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.getByLabel('E-postadress').fill('någon@example.se');
    await page.getByLabel('Lösenord').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect.poll(() => alert(page).textContent()).toBe('Inloggningen misslyckades.');
  });

  it("success stores the token under 'token' and goes to /dashboard; it links to registration", async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ path: '/login' });
    expect(
      await page.locator('main').getByRole('link', { name: 'Registrera dig' }).getAttribute('href'),
    ).toBe('/register');
    await page.getByLabel('E-postadress').fill(user.email);
    await page.getByLabel('Lösenord').fill(user.password);
    await page.getByLabel('Lösenord').press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await e2e.portal.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json<{ email: string }>().email).toBe(user.email);
    expect(await headerLinks(page)).toContain('Min profil');
  });
});

describe('/dashboard', () => {
  it('without a token it sends the visitor to /login', async () => {
    const page = await e2e.page();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await expectHeading(page, 'Logga in');
  });

  it("'Min profil' with 'Sparade jobb': empty text, the saved jobs, and removing one", async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    await expectHeading(page, 'Min profil');
    await expect.poll(() => page.locator('.profile-facts').textContent()).toContain(user.name);
    const saved = page.getByRole('region', { name: 'Sparade jobb' });
    await expect.poll(() => saved.textContent()).toBe('Sparade jobbDu har inga sparade jobb ännu.');

    const [first, second] = await e2e.portal.liveJobs({ limit: 2 });
    await saveJob(user.token, first!.id);
    await saveJob(user.token, second!.id);
    await page.reload();
    await settle(page);
    await expect
      .poll(() =>
        saved.locator('.job-card-link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      )
      .toEqual(expect.arrayContaining([`/jobb/${first!.id}`, `/jobb/${second!.id}`]));
    expect(await saved.locator('.job-card').count()).toBe(2);

    await saved.getByRole('button', { name: `Ta bort ${first!.title} från sparade jobb` }).click();
    await expect.poll(() => saved.locator('.job-card').count()).toBe(1);
    expect(await savedJobIds(user.token)).toEqual([second!.id]);

    await saved.getByRole('button', { name: /^Ta bort/ }).click();
    await expect.poll(() => saved.textContent()).toBe('Sparade jobbDu har inga sparade jobb ännu.');
    expect(await savedJobIds(user.token)).toEqual([]);
  });

  it('a saved ad that was removed is marked as no longer open', async () => {
    const user = await e2e.portal.createUser();
    const live = await e2e.portal.liveJobs({ limit: 100_000 });
    // Save them all: whichever the feed removes next is then in the list.
    for (const job of live.slice(0, 120)) await saveJob(user.token, job.id);
    const removed = await e2e.portal.removeJob((job) =>
      live.slice(0, 120).some((saved) => saved.id === job.id),
    );
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    const card = page.locator('.job-card', { has: page.locator(`a[href="/jobb/${removed}"]`) });
    // Its own tag (a saved ad published in the last 24 hours also carries 'Ny').
    const closed = '.tag.warning';
    await expect.poll(() => card.locator(closed).textContent()).toBe('Annonsen är inte längre aktuell');
    // Exactly the removed ones carry the mark (one feed window may remove several).
    const removedIds = await e2e.portal.database.db
      .selectFrom('jobs')
      .select('id')
      .where('removedAt', 'is not', null)
      .where(
        'id',
        'in',
        live.slice(0, 120).map((job) => job.id),
      )
      .execute();
    const marked = await page
      .locator('.job-card', { has: page.locator(closed) })
      .locator('.job-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(marked.sort()).toEqual(removedIds.map((row) => `/jobb/${row.id}`).sort());
    expect(await page.locator('.job-card').count()).toBe(120);
  });

  it('log out forgets the token and goes to the start page', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    await page.getByRole('button', { name: 'Logga ut', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await headerLinks(page)).slice(0, 2)).toEqual(['Registrera dig', 'Logga in']);
  });

  it('delete account asks first and for the password; Avbryt keeps it, a wrong password keeps it, the right one deletes it for good', async () => {
    const user = await e2e.portal.createUser();
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    let deleteCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/candidate/account')) deleteCalls += 1;
    });
    await page.getByRole('button', { name: 'Radera konto' }).click();
    const confirm = page.getByRole('group', { name: /Vill du verkligen radera ditt konto\?/ });
    expect(await confirm.textContent()).toContain('tas bort för gott');
    const password = confirm.getByLabel('Lösenord');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    // The field the visitor needs next has focus (the button that had it is gone).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('current-password');
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await page.getByRole('button', { name: 'Radera konto' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Radera konto');

    // Without a password nothing is sent.
    await page.getByRole('button', { name: 'Radera konto' }).click();
    await page.getByRole('button', { name: 'Ja, radera mitt konto' }).click();
    await expect.poll(() => confirm.getByRole('alert').textContent()).toBe('Ange ditt lösenord.');
    expect(deleteCalls).toBe(0);

    // A wrong password: the server's Swedish answer, and the account and the session stay.
    await page.getByLabel('Lösenord').fill(`${user.password}-fel`);
    await page.getByRole('button', { name: 'Ja, radera mitt konto' }).click();
    await expect.poll(() => confirm.getByRole('alert').textContent()).toBe('Fel lösenord.');
    expect(deleteCalls).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(user.token);
    const stillThere = await e2e.portal.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(stillThere.statusCode).toBe(200);

    await page.getByLabel('Lösenord').fill(user.password);
    await page.getByLabel('Lösenord').press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await e2e.portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it("'Logga ut överallt' ends every session, this one included, and leads to /login", async () => {
    const user = await e2e.portal.createUser();
    const otherDevice = await e2e.portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const otherToken = otherDevice.json<{ token: string }>().token;
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    const button = page.getByRole('button', { name: 'Logga ut överallt' });
    const hintId = await button.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(
      'Loggar ut dig på alla enheter, även den här.',
    );
    await button.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectHeading(page, 'Logga in');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    for (const token of [user.token, otherToken]) {
      const me = await e2e.portal.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    // Logging in again works as ever.
    await page.getByLabel('E-postadress').fill(user.email);
    await page.getByLabel('Lösenord').fill(user.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
