// Privacy (#28): /integritet states the server's own retention figures (set here to values no
// default has) and is linked from the footer and every form that takes personal data; the
// dashboard's 'Ladda ner mina uppgifter' downloads the account's data; a visitor's manage link
// shows what is held for the address. axe on each, at 1280 and 360 px. One portal for the file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stockholmDate, UNCONFIRMED_SUBSCRIPTION_DAYS } from '@jobbportalen/contracts';
import { createSignedTokens } from '@jobbportalen/server';
import { uniqueEmail } from '@jobbportalen/test-support/auth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';
import { ensureWebBuilt, webDist, webDistServer } from './support/web-build.js';

// On a busy shared runner, vitest's import of the server renderer (a 2.6 MB module) can outlast
// Fastify's 10 s plugin timeout. Import it once first, from where the portal will load it (the
// build itself, not a copy), so the portal's own import is a cache hit. Results are unchanged.
beforeAll(async () => {
  await ensureWebBuilt();
  await import(pathToFileURL(path.join(webDistServer, 'entry-server.js')).href);
}, 240_000);

const e2e = useE2e({
  webRoot: webDist,
  env: {
    RETENTION_MAIL_DAYS: '17',
    RETENTION_ALERT_SENT_DAYS: '43',
    RETENTION_RESOLVED_REPORT_DAYS: '61',
    RETENTION_FEED_CONTROL_DAYS: '99',
    CONTACT_EMAIL: 'dataskydd@example.se',
    RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000',
  },
});

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const mainText = async (page: Page) => plain(await page.locator('main').textContent());
const privacyLinks = (page: Page, scope = page.locator('main')) =>
  scope.getByRole('link', { name: 'Så hanterar vi dina uppgifter' });

/** A visitor's subscription on `search`, confirmed (through the API, as the mail's link would). */
async function visitorSubscription(email: string, search: string): Promise<string> {
  const subscribed = await e2e.portal.app.inject({
    method: 'POST',
    url: '/api/alerts/subscribe',
    payload: { email, query: { search }, alert: 'weekly' },
  });
  expect(subscribed.statusCode).toBe(202);
  const row = await e2e.portal.database.db
    .selectFrom('savedSearches')
    .select('id')
    .where('email', '=', email)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('/integritet', () => {
  it("states the server's retention settings and fixed periods, and how to get data out", async () => {
    // Without scripts: the figures are in the server's HTML, not only after hydration.
    const html = await e2e.page({ scripts: 'off' });
    await html.goto('/integritet');
    const text = await mainText(html);
    expect(text).toContain('Skickade meddelanden raderas efter 17 dagar.');
    expect(text).toContain('Listan över skickade annonser sparas i 43 dagar.');
    expect(text).toContain('Avgjorda anmälningar raderas efter 61 dagar.');
    expect(text).toContain(`En obekräftad bevakning raderas efter ${UNCONFIRMED_SUBSCRIPTION_DAYS} dagar.`);
    expect(text).toContain('99 dagar.');
    expect(text).toMatch(/\(Matcha mig\)\s*Vad\s*Ingenting\./);
    // 'Min profil': what is kept of a CV, for how long, and the file only when asked for.
    expect(text).toContain('Själva CV-filen sparas bara om du kryssar i att den ska sparas.');
    expect(text).toContain('Tills du tar bort profilen eller raderar kontot.');

    const page = await e2e.page({ path: '/integritet' });
    await expectHeading(page, 'Integritet');
    expect(await mainText(page)).toBe(text);
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'dataskydd@example.se' }).getAttribute('href')).toBe(
      'mailto:dataskydd@example.se',
    );
    expect(await main.getByRole('link', { name: 'Min profil' }).getAttribute('href')).toBe('/dashboard');
    expect(await main.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      expect.arrayContaining(['CV och personligt brev (Matcha mig)', 'Min profil (om du sparar en)']),
    );
  });

  it('is one page for everyone: a public ETag, and 304 for a cache that has it', async () => {
    const first = await fetch(`${e2e.portal.url}/integritet`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${e2e.portal.url}/integritet`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('is linked from the footer, registration, CV matching and the alert form', async () => {
    const page = await e2e.page({ path: '/' });
    const footerLink = page
      .getByRole('navigation', { name: 'Sidfot' })
      .getByRole('link', { name: 'Integritet' });
    await footerLink.click();
    await expectHeading(page, 'Integritet');
    expect(new URL(page.url()).pathname).toBe('/integritet');

    for (const path of ['/register', '/match']) {
      await gotoAndSettle(page, path);
      expect(await privacyLinks(page).getAttribute('href'), path).toBe('/integritet');
    }
    await gotoAndSettle(page, '/jobb?search=sjuksköterska');
    const alertForm = page.getByRole('region', { name: 'Få nya jobb via e-post' });
    await expect.poll(() => privacyLinks(page, alertForm).count()).toBe(1);
    expect(await privacyLinks(page, alertForm).getAttribute('href')).toBe('/integritet');
  });

  it('has no axe violations, wide or narrow', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.page({ path: '/integritet', viewport });
      await expectHeading(page, 'Integritet');
      await expectNoAxeViolations(page, `/integritet at ${viewport.width} px`);
    }
  });
});

describe("'Ladda ner mina uppgifter'", () => {
  it('downloads everything held about the account as a JSON file', async () => {
    const user = await e2e.portal.createUser();
    const jobId = await e2e.portal.jobId();
    const saved = await e2e.portal.app.inject({
      method: 'POST',
      url: '/api/candidate/save-job',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { jobId },
    });
    expect(saved.statusCode).toBeLessThan(300);

    const page = await e2e.page({ path: '/dashboard', token: user.token });
    await expectHeading(page, 'Min profil');
    const button = page.getByRole('button', { name: 'Ladda ner mina uppgifter' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(
      `jobbportalen-mina-uppgifter-${stockholmDate(new Date())}.json`,
    );
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ id: user.id, email: user.email, name: user.name });
    expect(data.savedJobs.map((job: { jobId: string }) => job.jobId)).toEqual([jobId]);
    expect(JSON.stringify(data)).not.toMatch(/\$argon2/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectNoAxeViolations(page, 'the dashboard with the download');
  });
});

describe("a visitor's manage link", () => {
  it('shows what is held for the address: the address and each subscription, and links /integritet', async () => {
    const email = uniqueEmail('integritet');
    const current = await visitorSubscription(email, 'lärare');
    await visitorSubscription(email, 'kock');
    const mailedAt = new Date('2026-10-05T08:00:00Z');
    await e2e.portal.database.db
      .updateTable('savedSearches')
      .set({ confirmedAt: new Date('2026-10-01T08:00:00Z'), lastMailedAt: mailedAt })
      .where('id', '=', current)
      .execute();
    const token = createSignedTokens(e2e.portal.config.jwtSecret!).sign(
      'alert-manage',
      { subject: current },
      { expiresInSeconds: 3600 },
    );

    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.page({
        path: `/bevakning/hantera?token=${encodeURIComponent(token)}`,
        viewport,
      });
      await expectHeading(page, 'Hantera bevakning');
      const held = page.getByRole('region', { name: 'Det här sparar vi om dig' });
      await expect.poll(async () => plain(await held.textContent())).toContain(`E-postadress: ${email}`);
      const items = held.getByRole('listitem');
      expect(await items.count()).toBe(2);
      const first = plain(await items.nth(0).textContent());
      expect(first).toContain('(den här bevakningen)');
      expect(first).toContain('Bekräftad1 oktober 2026');
      expect(first).toContain('Senast skickad5 oktober 2026');
      expect(plain(await items.nth(1).textContent())).toContain('Inte bekräftad');
      expect(await privacyLinks(page, held).getAttribute('href')).toBe('/integritet');
      await expectNoAxeViolations(page, `the manage page at ${viewport.width} px`);
    }
  });
});
