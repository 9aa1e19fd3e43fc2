// Saved searches and alerts in the browser: saving a search from /jobb, 'Mina bevakningar' on the
// dashboard (new-count, frequency, rename, open with 'Ny', delete), a visitor's alert by e-mail
// (subscribe, the confirmation link from the mail outbox, the manage link from an alert mail,
// unsubscribe), and axe on every new screen at 1280 and 360 px.
import { drainOutbox } from '@jobbportalen/indexer';
import { uniqueEmail } from '@jobbportalen/test-support/auth';
import { newestMailLink } from '@jobbportalen/test-support/mail';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage } from './admin-support.js';
import { axeViolationsAtWidths, expectNoAxeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';

// Every request here comes from 127.0.0.1: the per-IP limit on mail requests (5 a minute) would
// otherwise refuse this file's subscriptions.
const e2e = useE2e({ env: { RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000' } });

const DAY = 86_400_000;

/** A word no ad of the simulated corpus has: each test searches for its own. */
const uniqueWord = (() => {
  let n = 0;
  const letters = 'bcdfghjklmnpqrstvz';
  return (stem: string) => {
    n += 1;
    // Letters only: Meilisearch must read it as one plain word.
    const tail = [...String((Date.now() % 1e6) * 10 + n)].map((d) => letters[Number(d)]).join('');
    return `${stem}${tail}`;
  };
})();

/**
 * Stores a live ad as the indexer would, first seen now: the row (the database sets firstSeenAt)
 * and its search document with that moment as firstSeenTs, so the new-count, the 'Ny' marker and
 * the alert run all see it as new. `firstSeenAt` backdates an ad that must not be new, and its
 * publication with it: the card marks any ad published in the last 24 hours 'Ny' as well.
 */
async function seedAd(title: string, firstSeenAt?: Date): Promise<string> {
  const id = `e2e-${Math.random().toString(36).slice(2, 10)}`;
  const now = Date.now();
  const publishedAt = firstSeenAt ?? new Date(now);
  const job = normalizedJob(id, {
    title,
    publishedAt,
    sourceUpdatedAt: publishedAt,
    lastDate: new Date(now + 30 * DAY),
    expiresAt: new Date(now + 30 * DAY),
  });
  await e2e.portal.database.db
    .insertInto('jobs')
    .values({ ...normalizedJobRow(job, null), ...(firstSeenAt ? { firstSeenAt } : {}) })
    .execute();
  // Delivered the indexer's way (outbox, then drain): the servers' question cache sees it as a
  // change, as it does every change from the feed.
  await e2e.portal.database.db.insertInto('searchOutbox').values({ jobId: id }).execute();
  await drainOutbox({
    db: e2e.portal.database.db,
    client: e2e.portal.search.client,
    indexUid: e2e.portal.indexUid,
  });
  return id;
}

/** firstSeenTs and the saved search's moments are whole seconds: let the second turn over. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

const savedSearchesOf = (userId: string) =>
  e2e.portal.database.db.selectFrom('savedSearches').selectAll().where('userId', '=', userId).execute();

const subscriptionsOf = (email: string) =>
  e2e.portal.database.db.selectFrom('savedSearches').selectAll().where('email', '=', email).execute();

/** The newest queued mail of a kind to an address, and the link in it (as a path on the portal). */
async function mailLink(recipient: string, kind: string, field: string): Promise<string> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        link = await newestMailLink(e2e.portal.database.db, recipient, kind, field);
        return link !== undefined;
      },
      { message: `a ${kind} mail to ${recipient}` },
    )
    .toBe(true);
  return `${link!.pathname}${link!.search}`;
}

/** An API call straight to the portal (no browser); its status and parsed answer. */
async function call(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const response = await e2e.portal.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.body ? response.json<Record<string, unknown>>() : {} };
}

/** The same, expected to succeed. */
async function api(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const answer = await call(method, url, payload, token);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer;
}

/** A visitor's confirmed alert on `word`, one new ad, and a run: the links of both its mails. */
async function confirmedVisitorAlert(word: string): Promise<{ email: string; managePath: string }> {
  const email = uniqueEmail('besok');
  await api('POST', '/api/alerts/subscribe', { email, query: { search: word }, alert: 'daily' });
  const confirmPath = await mailLink(email, 'alert-confirm', 'confirmUrl');
  await api('POST', '/api/alerts/confirm', {
    token: new URL(confirmPath, 'http://x').searchParams.get('token'),
  });
  await nextSecond();
  await seedAd(`${word} sökes`);
  await api('POST', '/api/admin/alerts/run', {}, await e2e.portal.adminToken());
  return { email, managePath: await mailLink(email, 'alert', 'manageUrl') };
}

const saveSearchForm = (page: Page) => page.getByRole('form', { name: 'Spara sökning' });
const savedSearchItem = (page: Page, name: string) =>
  page.locator('article.saved-search').filter({ has: page.getByRole('heading', { level: 3, name }) });
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('saving a search (logged in)', () => {
  it('saves from /jobb, shows the new-count on the dashboard, changes frequency and name, opens with Ny, deletes', async () => {
    const user = await e2e.portal.createUser();
    const word = uniqueWord('molnarkitekt');
    await seedAd(`${word} (gammal)`, new Date(Date.now() - 2 * DAY));

    const page = await e2e.page({ token: user.token, path: `/jobb?search=${word}` });
    await expect.poll(() => page.locator('.jobs-content .job-card').count()).toBe(1);
    const form = saveSearchForm(page);
    const frequency = form.getByRole('combobox', { name: 'Bevaka' });
    // The form is named by its heading, so 'Bevaka' and the button do not stand there unexplained.
    await form.getByRole('heading', { level: 2, name: 'Spara sökning' }).waitFor();
    // The server renders for a visitor; the logged-in form takes its place once the page hydrates.
    await expect
      .poll(() => frequency.locator('option').allTextContents())
      .toEqual(['Av', 'Direkt', 'Dagligen', 'Varje vecka']);
    await frequency.selectOption({ label: 'Direkt' });
    await form.getByRole('button', { name: 'Spara sökning' }).click();
    const status = form.getByRole('status');
    await expect
      .poll(async () => plain(await status.textContent()))
      .toBe('Sökningen är sparad. Mina bevakningar');
    expect(await status.getByRole('link', { name: 'Mina bevakningar' }).getAttribute('href')).toBe(
      '/dashboard#bevakningar',
    );
    const [saved] = await savedSearchesOf(user.id);
    expect(saved).toMatchObject({ query: { search: word }, alert: 'instant' });

    // One ad arrives after the search was saved.
    await nextSecond();
    const newId = await seedAd(`${word} (ny)`);

    await status.getByRole('link', { name: 'Mina bevakningar' }).click();
    await expectHeading(page, 'Min profil');
    expect(new URL(page.url()).hash).toBe('#bevakningar');
    const section = page.locator('section#bevakningar');
    await section.getByRole('heading', { level: 2, name: 'Mina bevakningar' }).waitFor();
    const item = section.locator('article.saved-search');
    await expect.poll(() => item.count()).toBe(1);
    // Named by its summary until renamed: the name once, not the same words twice.
    await item.getByRole('heading', { level: 3, name: `”${word}”` }).waitFor();
    expect(await item.locator('.saved-search-summary').count()).toBe(0);
    await expect.poll(() => item.locator('.saved-search-new').textContent()).toBe('1 ny');

    // The frequency is saved as soon as it is chosen.
    const select = item.getByRole('combobox', { name: /^Bevaka/ });
    expect(await select.inputValue()).toBe('instant');
    await select.selectOption({ label: 'Varje vecka' });
    await expect.poll(() => item.getByRole('status').textContent()).toBe('Ändrat till Varje vecka.');
    expect((await savedSearchesOf(user.id))[0]?.alert).toBe('weekly');

    // 'Byt namn' in place.
    await item.getByRole('button', { name: /^Byt namn/ }).click();
    const nameField = item.getByRole('textbox', { name: 'Nytt namn' });
    expect(await nameField.evaluate((field) => field === document.activeElement)).toBe(true);
    await nameField.fill('Molnjobb');
    await item.getByRole('button', { name: 'Spara', exact: true }).click();
    await savedSearchItem(page, 'Molnjobb').waitFor();
    expect((await savedSearchesOf(user.id))[0]?.name).toBe('Molnjobb');
    // Renamed, the summary says what it searches for.
    expect(plain(await item.locator('.saved-search-summary').textContent())).toBe(`”${word}”`);

    // 'Öppna': the search on /jobb, its new ad marked 'Ny' and the old one not.
    await item.getByRole('link', { name: /^Öppna/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/jobb');
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe(word);
    expect(url.searchParams.get('nya')).toMatch(/^\d+$/);
    await expect.poll(() => page.locator('.jobs-content .job-card').count()).toBe(2);
    const marked = page.locator('.jobs-content .job-card').filter({ has: page.locator('.job-card-new') });
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.locator('.job-card-link').getAttribute('href')).toBe(`/jobb/${newId}`);
    expect(await marked.locator('.job-card-new').textContent()).toBe('Ny');
    // The marker survives the URL router: still in the address once the page has settled.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).searchParams.get('nya')).toBe(url.searchParams.get('nya'));

    // Opened: nothing is new any more.
    await gotoAndSettle(page, '/dashboard');
    const reopened = savedSearchItem(page, 'Molnjobb');
    await reopened.waitFor();
    expect(await reopened.locator('.saved-search-new').count()).toBe(0);

    // 'Ta bort' asks first; 'Avbryt' keeps it, 'Ja, ta bort' removes it.
    await reopened.getByRole('button', { name: /^Ta bort/ }).click();
    await reopened.getByRole('button', { name: 'Avbryt' }).click();
    expect(await savedSearchesOf(user.id)).toHaveLength(1);
    await reopened.getByRole('button', { name: /^Ta bort/ }).click();
    await reopened.getByRole('button', { name: 'Ja, ta bort' }).click();
    await page.getByText('Du har inga bevakningar ännu. Spara en sökning på Jobb-sidan.').waitFor();
    expect(await savedSearchesOf(user.id)).toHaveLength(0);
  });

  it("at the limit of 20 the API's message is shown", async () => {
    const user = await e2e.portal.createUser();
    for (let n = 0; n < 20; n += 1) {
      await api('POST', '/api/saved-searches', { query: { search: `gräns${n}` }, alert: 'off' }, user.token);
    }
    const refused = await call(
      'POST',
      '/api/saved-searches',
      { query: { search: 'annan' }, alert: 'off' },
      user.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SAVED_SEARCH_LIMIT');

    const page = await e2e.page({ token: user.token, path: '/jobb?search=ytterligare' });
    await saveSearchForm(page).getByRole('button', { name: 'Spara sökning' }).click();
    const alert = saveSearchForm(page).getByRole('alert');
    await alert.waitFor();
    expect(plain(await alert.textContent())).toBe(refused.body.message);
    expect(await savedSearchesOf(user.id)).toHaveLength(20);
  });

  it('a seeker whose address is not verified is told so and can have the mail sent again', async () => {
    const user = await e2e.portal.createUser();
    const db = e2e.portal.database.db;
    await db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', user.id).execute();
    const page = await e2e.page({ token: user.token, path: '/dashboard' });
    const section = page.locator('section#bevakningar');
    await section.getByText('Du har inga bevakningar ännu. Spara en sökning på Jobb-sidan.').waitFor();
    await section.getByText('Bekräfta din e-postadress för att få bevakningar via e-post.').waitFor();
    await section.getByRole('button', { name: 'Skicka bekräftelselänken igen' }).click();
    // The server's own answer (202 with a message) is what the page shows.
    const notice = section.locator('.verify-email-notice');
    await expect.poll(async () => plain(await notice.getByRole('status').textContent())).not.toBe('');
    expect(await notice.getByRole('alert').count()).toBe(0);

    await db.updateTable('users').set({ emailVerifiedAt: new Date() }).where('id', '=', user.id).execute();
    await gotoAndSettle(page, '/dashboard');
    await section.getByText('Du har inga bevakningar ännu. Spara en sökning på Jobb-sidan.').waitFor();
    expect(await section.getByText('Bekräfta din e-postadress').count()).toBe(0);
  });
});

describe('an alert without an account', () => {
  it('subscribes from /jobb, and the link in the confirmation mail starts it', async () => {
    const word = uniqueWord('fjallguide');
    const email = uniqueEmail('besokare');
    const page = await e2e.page({ path: `/jobb?search=${word}` });
    const panel = page.getByRole('region', { name: 'Få nya jobb via e-post' });
    expect(
      await panel.getByRole('link', { name: 'Logga in för att spara sökningen' }).getAttribute('href'),
    ).toBe(`/login?next=${encodeURIComponent(`/jobb?search=${word}`)}`);
    const frequency = panel.getByRole('combobox', { name: 'Hur ofta' });
    expect(await frequency.locator('option').allTextContents()).toEqual([
      'Direkt',
      'Dagligen',
      'Varje vecka',
    ]);
    await panel.getByRole('textbox', { name: 'E-post' }).fill(email);
    await frequency.selectOption({ label: 'Varje vecka' });
    await panel.getByRole('button', { name: 'Bevaka' }).click();
    // It says where the confirmation went, naming the address.
    await expect
      .poll(async () => plain(await panel.getByRole('status').textContent()))
      .toBe(
        `Vi har skickat ett e-postmeddelande till ${email}. Öppna länken i det för att starta bevakningen.`,
      );
    expect(await panel.getByRole('alert').count()).toBe(0);

    // Double opt-in: stored, not confirmed, until the link is opened.
    const [pending] = await subscriptionsOf(email);
    expect(pending).toMatchObject({ query: { search: word }, alert: 'weekly', confirmedAt: null });

    const confirmPath = await mailLink(email, 'alert-confirm', 'confirmUrl');
    expect(confirmPath).toMatch(/^\/bevakning\/bekrafta\?token=/);
    await gotoAndSettle(page, confirmPath);
    await expectHeading(page, 'Bekräfta bevakning');
    await page.getByText('Din bevakning är startad.').waitFor();
    expect(plain(await page.locator('.alert-link-facts').textContent())).toBe(
      `Sökning”${word}”Hur oftaVarje vecka`,
    );
    expect(await page.getByRole('link', { name: 'Visa sökningen' }).getAttribute('href')).toBe(
      `/jobb?search=${word}`,
    );
    expect((await subscriptionsOf(email))[0]?.confirmedAt).not.toBeNull();
  });

  it("a broken link shows the API's Swedish error on both pages, not a crash", async () => {
    const refused = await call('POST', '/api/alerts/confirm', { token: 'inte.giltig' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const page = await e2e.page({ path: '/bevakning/bekrafta?token=inte.giltig' });
    await expectHeading(page, 'Bekräfta bevakning');
    expect(plain(await page.getByRole('alert').textContent())).toBe(refused.body.message);

    // No token at all: the same words, without asking the server.
    await gotoAndSettle(page, '/bevakning/bekrafta');
    expect(plain(await page.getByRole('alert').textContent())).toBe('Länken är ogiltig eller har gått ut.');

    const unknown = await call('GET', '/api/alerts/manage?token=inte.giltig');
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    await gotoAndSettle(page, '/bevakning/hantera?token=inte.giltig');
    await expectHeading(page, 'Hantera bevakning');
    expect(plain(await page.getByRole('alert').textContent())).toBe(unknown.body.message);
  });

  it('the manage link from an alert mail changes the frequency and unsubscribes', async () => {
    const word = uniqueWord('segelmakare');
    const { email, managePath } = await confirmedVisitorAlert(word);
    expect(managePath).toMatch(/^\/bevakning\/hantera\?token=/);

    const page = await e2e.page({ path: managePath });
    await expectHeading(page, 'Hantera bevakning');
    expect(plain(await page.locator('.alert-link-facts').textContent())).toBe(
      `Sökning”${word}”Hur oftaDagligen`,
    );
    const frequency = page.getByRole('combobox', { name: 'Hur ofta' });
    expect(await frequency.inputValue()).toBe('daily');
    await frequency.selectOption({ label: 'Direkt' });
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await page.getByText('Ändringen är sparad.').waitFor();
    expect((await subscriptionsOf(email))[0]?.alert).toBe('instant');

    await page.getByRole('button', { name: 'Avsluta bevakningen' }).click();
    await page.getByText('Bevakningen är avslutad.').waitFor();
    // An unsubscribed visitor's address is erased.
    expect(await subscriptionsOf(email)).toHaveLength(0);

    // The same link again: the subscription is gone, and the page says what the API says.
    const gone = await call(
      'GET',
      `/api/alerts/manage?token=${encodeURIComponent(new URL(managePath, 'http://x').searchParams.get('token') ?? '')}`,
    );
    expect(gone.status).toBeGreaterThanOrEqual(400);
    await gotoAndSettle(page, managePath);
    expect(plain(await page.getByRole('alert').textContent())).toBe(gone.body.message);
    expect(await page.getByRole('combobox', { name: 'Hur ofta' }).count()).toBe(0);
  });
});

describe('Översikt: Bevakningar och e-post', () => {
  it('shows subscriptions by frequency, the SMTP note, and runs every alert now', async () => {
    const word = uniqueWord('adminkoll');
    await confirmedVisitorAlert(word);
    const db = e2e.portal.database.db;
    const confirmedDaily = await db
      .selectFrom('savedSearches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('alert', '=', 'daily')
      .where('confirmedAt', 'is not', null)
      .executeTakeFirstOrThrow();

    const page = await adminPage(e2e, '/admin');
    const section = page
      .locator('section.card')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Bevakningar och e-post' }) });
    await section.getByRole('heading', { level: 3, name: 'Bevakningar' }).waitFor();
    const daily = section.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Dagligen$/ }) });
    expect(plain(await daily.locator('dd').textContent())).toBe(String(Number(confirmedDaily.count)));
    // The e2e portal has no SMTP_URL: mails are kept as files, and the page says so.
    await section
      .getByText(
        'SMTP är inte konfigurerat: e-postmeddelandena sparas som .eml-filer i datakatalogen (mail/).',
      )
      .waitFor();

    await section.getByRole('button', { name: 'Kör bevakningar nu' }).click();
    const announced = section.getByRole('status');
    await expect
      .poll(async () => plain(await announced.textContent()))
      .toMatch(/^\d+ bevakningar?, \d+ e-postmeddelanden? köade$/);
    await expectNoAxeViolations(page, 'the overview with the alerts section');
  });
});

describe('accessibility of the new screens (axe)', () => {
  it('has zero violations at 1280 and 360 px', { timeout: 240_000 }, async () => {
    const word = uniqueWord('axekontroll');
    await seedAd(`${word} i Uppsala`);
    const { managePath } = await confirmedVisitorAlert(word);
    const failures: Record<string, string[]> = {};
    // Each state is checked at both widths in the page that reached it.
    const check = async (page: Page, what: string) =>
      Object.assign(failures, await axeViolationsAtWidths(page, what, [DESKTOP, MOBILE]));

    const user = await e2e.portal.createUser();
    await e2e.portal.database.db
      .updateTable('users')
      .set({ emailVerifiedAt: null })
      .where('id', '=', user.id)
      .execute();

    const guest = await e2e.page({ path: `/jobb?search=${word}` });
    await guest.getByRole('region', { name: 'Få nya jobb via e-post' }).waitFor();
    await check(guest, '/jobb, visitor');
    await guest.getByRole('button', { name: 'Bevaka' }).click(); // empty address: the browser's own check
    await guest.getByRole('textbox', { name: 'E-post' }).fill(uniqueEmail('axe'));
    await guest.getByRole('button', { name: 'Bevaka' }).click();
    await expect
      .poll(async () => plain(await guest.locator('.save-search [role="status"]').textContent()))
      .not.toBe('');
    await check(guest, '/jobb, visitor subscribed');

    const member = await e2e.page({ token: user.token, path: `/jobb?search=${word}` });
    await saveSearchForm(member).getByRole('button', { name: 'Spara sökning' }).click();
    await saveSearchForm(member).getByText('Sökningen är sparad.').waitFor();
    await check(member, '/jobb, saved');

    await gotoAndSettle(member, '/dashboard');
    const item = member.locator('article.saved-search').first();
    await item.waitFor();
    await member.getByText('Bekräfta din e-postadress för att få bevakningar via e-post.').waitFor();
    await check(member, 'dashboard');
    await item.getByRole('button', { name: /^Byt namn/ }).click();
    await check(member, 'dashboard, rename');
    await item.getByRole('button', { name: 'Spara', exact: true }).click();
    await item.getByRole('button', { name: /^Ta bort/ }).click();
    await check(member, 'dashboard, confirm delete');

    const email = uniqueEmail('axe-bekrafta');
    await api('POST', '/api/alerts/subscribe', { email, query: { search: word }, alert: 'instant' });
    await gotoAndSettle(guest, await mailLink(email, 'alert-confirm', 'confirmUrl'));
    await guest.getByText('Din bevakning är startad.').waitFor();
    await check(guest, 'confirm page');
    await gotoAndSettle(guest, '/bevakning/bekrafta?token=trasig');
    await guest.getByRole('alert').waitFor();
    await check(guest, 'confirm page, bad link');

    await gotoAndSettle(guest, managePath);
    await guest.getByRole('button', { name: 'Avsluta bevakningen' }).waitFor();
    await check(guest, 'manage page');
    await gotoAndSettle(guest, '/bevakning/hantera?token=trasig');
    await guest.getByRole('alert').waitFor();
    await check(guest, 'manage page, bad link');

    expect(Object.fromEntries(Object.entries(failures).filter(([, list]) => list.length > 0))).toEqual({});
  });
});
