// The job page /jobb/{id}: fields, fallbacks, 'Ansök nu', saving (only with a token), missing and
// removed ads, load failures, and what the server puts in the HTML for crawlers (title, meta,
// canonical, JobPosting JSON-LD, 404/410, sitemap.xml, robots.txt).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jobRow, STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { DESKTOP } from './support/browser.js';
import { expectHeading, expectNoLoading, gotoAndSettle, settle, useE2e } from './support/e2e.js';
import { decodeHtml, titleOf } from './support/html-text.js';

// Seeds an ad without fields and has the feed remove one.
const e2e = useE2e({ ownPortal: true });

const SWEDISH_DATE = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});
const MONTHS = 'januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december';

/** The job facts list as term → value. */
async function factsOf(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.job-facts > div')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector('dt')?.textContent ?? '',
          row.querySelector('dd')?.textContent ?? '',
        ]),
      ),
    );
}

const saveStatus = (page: Page) => page.locator('.save-job-status');

async function rawPage(path: string) {
  const response = await fetch(`${e2e.portal.url}${path}`);
  return { status: response.status, html: await response.text() };
}

const metaContent = (html: string, name: string) => {
  const value = html.match(new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`))?.[1];
  return value === undefined ? undefined : decodeHtml(value);
};

describe('a live ad', () => {
  it('shows title, company, place, category, last application date (Swedish) and description', async () => {
    const [job] = await e2e.portal.liveJobs({ limit: 1 });
    const page = await e2e.page({ path: `/jobb/${job!.id}` });
    await expectHeading(page, job!.title);
    expect(await page.locator('.job-ad-company').textContent()).toBe(job!.company);
    const facts = await factsOf(page);
    expect(facts.Ort).toBe(job!.location);
    expect(facts.Kategori).toBe(job!.category);
    expect(facts.Omfattning).toBe(job!.extent);
    expect(facts.Anställningsform).toBe(job!.form);
    expect(facts['Sista ansökningsdag']).toBe(SWEDISH_DATE.format(job!.lastDate!));
    expect(facts['Sista ansökningsdag']).toMatch(new RegExp(`^\\d{1,2} (${MONTHS}) \\d{4}$`));
    const description = (await page.locator('.job-description').textContent())!.replace(/\s+/g, ' ');
    expect(description).toContain(job!.descriptionText.replace(/\s+/g, ' ').slice(0, 80));
    expect(await page.title()).toBe(`${job!.title} – ${job!.company} – Jobbportalen`);
    // The header marks the Jobb section as current on a job page too.
    expect(
      await page
        .getByRole('navigation', { name: 'Huvudmeny' })
        .getByRole('link', { name: 'Jobb' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it("'Ansök nu' opens the application address in a new tab, without opener or referrer", async () => {
    const [job] = await e2e.portal.liveJobs({ limit: 1 });
    const page = await e2e.page({ path: `/jobb/${job!.id}` });
    const apply = page.getByRole('link', { name: /Ansök nu/ });
    expect(await apply.getAttribute('href')).toBe(job!.applicationUrl);
    expect(await apply.getAttribute('target')).toBe('_blank');
    expect((await apply.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  });

  it("'Ansök nu' is in the first screen: beside the title at 1280×800, a bar along the bottom at 375×800", async () => {
    const [job] = await e2e.portal.liveJobs({ limit: 1 });
    const PHONE = { width: 375, height: 800 };
    const inView = (box: { y: number; height: number } | null, height: number) =>
      box !== null && box.y >= 0 && box.y + box.height <= height;

    const desktop = await e2e.page({ viewport: DESKTOP, path: `/jobb/${job!.id}` });
    const wide = await desktop.getByRole('link', { name: /Ansök nu/ }).boundingBox();
    expect(inView(wide, DESKTOP.height)).toBe(true);
    // Beside the title: on the heading's row, not under it.
    const heading = await desktop.getByRole('heading', { level: 1 }).boundingBox();
    expect(wide!.y).toBeLessThan(heading!.y + heading!.height);
    expect(wide!.x).toBeGreaterThan(heading!.x + heading!.width);

    const phone = await e2e.page({ viewport: PHONE, path: `/jobb/${job!.id}` });
    const apply = phone.getByRole('link', { name: /Ansök nu/ });
    expect(inView(await apply.boundingBox(), PHONE.height)).toBe(true);
    // Still at hand at the end of the page, and what ends the page is not under it.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => inView(await apply.boundingBox(), PHONE.height)).toBe(true);
    const bar = await phone.locator('.job-ad-apply').boundingBox();
    const footerEnd = await phone
      .getByRole('contentinfo')
      .evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerEnd).toBeLessThanOrEqual(bar!.y + 1);
  });

  it('shows the fallbacks for an ad without title, company, place and description', async () => {
    const id = 'e2e-fallbacks-1';
    await e2e.portal.database.db
      .insertInto('jobs')
      .values(
        jobRow({
          id,
          title: '',
          company: null,
          location: null,
          category: null,
          lastDate: null,
          descriptionHtml: '',
          descriptionText: '',
          // Oldest of all, so liveJobs()[0] stays a real ad for the other tests.
          publishedAt: '2001-01-01T08:00:00Z',
        }),
      )
      .execute();
    const page = await e2e.page({ path: `/jobb/${id}` });
    await expectHeading(page, 'Okänd titel');
    expect(await page.locator('.job-ad-company').textContent()).toBe('Okänt företag');
    const facts = await factsOf(page);
    expect(facts.Ort).toBe('Okänd plats');
    expect(facts['Sista ansökningsdag']).toBe('Ej angiven');
    expect(await page.locator('.job-ad-body').textContent()).toContain('Ingen beskrivning tillgänglig');
  });
});

describe('opened from the results', () => {
  /** The first ad on /jobb, and what the page sends and loads from now on, in the order seen. */
  async function fromTheResults() {
    const page = await e2e.page({ path: '/jobb' });
    const card = page.locator('.job-card-link').first();
    const href = (await card.getAttribute('href'))!;
    // The API path encodes the id as the link does.
    const adPath = `/api/jobs/${href.slice('/jobb/'.length)}`;
    const similarPath = `${adPath}/similar`;
    const seen: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === adPath || pathname === similarPath) seen.push(`sent ${pathname}`);
    });
    page.on('requestfinished', (request) => {
      if (/\/job-detail-page-[^/]*\.js$/.test(new URL(request.url()).pathname)) seen.push('screen loaded');
    });
    const shown = async () => {
      await page.waitForURL((url) => url.pathname === href);
      await page.locator('.job-ad-company').waitFor();
      await page.locator('#similar-jobs-title').waitFor();
      await expectNoLoading(page);
    };
    const sentOnce = () => {
      expect(seen.filter((event) => event === `sent ${adPath}`)).toHaveLength(1);
      expect(seen.filter((event) => event === `sent ${similarPath}`)).toHaveLength(1);
    };
    return { page, card, adPath, similarPath, seen, shown, sentOnce };
  }

  it('asks for the ad and its similar jobs once each, as the app navigates, not after its screen loaded', async () => {
    const { page, card, adPath, similarPath, seen, shown, sentOnce } = await fromTheResults();
    // From the keyboard: no press of the link before the navigation.
    await card.focus();
    await page.keyboard.press('Enter');
    await shown();
    sentOnce();
    // Both went out with the navigation, beside the screen's chunk — not once it had loaded and
    // mounted (and 'Liknande jobb' not only after the ad had come).
    expect(seen).toContain('screen loaded');
    const screenLoaded = seen.indexOf('screen loaded');
    expect(seen.indexOf(`sent ${adPath}`)).toBeLessThan(screenLoaded);
    expect(seen.indexOf(`sent ${similarPath}`)).toBeLessThan(screenLoaded);
  });

  it('starts them when the link is pressed, before the click, and the navigation takes them', async () => {
    const { page, card, adPath, similarPath, shown, sentOnce } = await fromTheResults();
    await card.hover();
    const pressed = Promise.all(
      [adPath, similarPath].map((path) =>
        page.waitForRequest((request) => new URL(request.url()).pathname === path),
      ),
    );
    await page.mouse.down();
    // Still held: no click yet, the results are still shown.
    await pressed;
    expect(new URL(page.url()).pathname).toBe('/jobb');
    await page.mouse.up();
    await shown();
    sentOnce();
  });
});

describe('saving a job', () => {
  it("without a stored token: '🔒 Du måste vara inloggad för att spara jobb.' with ways to log in", async () => {
    const id = await e2e.portal.jobId();
    const page = await e2e.page({ path: `/jobb/${id}` });
    let saveCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/candidate/save-job')) saveCalls += 1;
    });
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await expect
      .poll(() => saveStatus(page).textContent())
      .toContain('🔒 Du måste vara inloggad för att spara jobb.');
    // Logging in comes back to this ad (and completes the save: the next test).
    expect(await saveStatus(page).getByRole('link', { name: 'Logga in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/jobb/${id}`)}`,
    );
    expect(await saveStatus(page).getByRole('link', { name: 'registrera dig' }).getAttribute('href')).toBe(
      `/register?next=${encodeURIComponent(`/jobb/${id}`)}`,
    );
    expect(saveCalls).toBe(0);
  });

  it("logging in from the message comes back to the ad and saves it: '✅ Jobbet har sparats!'", async () => {
    const user = await e2e.portal.createUser();
    const id = await e2e.portal.jobId();
    const page = await e2e.page({ path: `/jobb/${id}` });
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await saveStatus(page).getByRole('link', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-postadress').fill(user.email);
    await page.getByLabel('Lösenord').fill(user.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === `/jobb/${id}`);
    await expect.poll(() => saveStatus(page).textContent()).toBe('✅ Jobbet har sparats!');
    const saved = await e2e.portal.app.inject({
      url: '/api/candidate/saved-jobs',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(saved.json<{ _id: string }[]>().map((job) => job._id)).toEqual([id]);
    // Done once: the ad shown again does not save it again by itself.
    let saveCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/candidate/save-job')) saveCalls += 1;
    });
    await page.reload();
    await settle(page);
    expect(saveCalls).toBe(0);
  });

  it('registering from the message comes back to the ad after logging in, and saves it', async () => {
    const id = await e2e.portal.jobId();
    const email = uniqueEmail('spara');
    const page = await e2e.page({ path: `/jobb/${id}` });
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await saveStatus(page).getByRole('link', { name: 'registrera dig' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    // Either way keeps the way back: 'Logga in' here, 'Registrera dig' on the login page.
    const loginLink = page.locator('.auth-switch').getByRole('link', { name: 'Logga in' });
    expect(await loginLink.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/jobb/${id}`)}`);
    await page.getByLabel('Namn').fill('Rut Registrerad');
    await page.getByLabel('E-postadress').fill(email);
    await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Bekräfta lösenord').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    // Logging in is the next step, still on the way back to the ad, the address filled in.
    await page.waitForURL((url) => url.pathname === '/login');
    await expectHeading(page, 'Logga in');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/jobb/${id}`);
    expect(await page.getByLabel('E-postadress').inputValue()).toBe(email);
    await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL((url) => url.pathname === `/jobb/${id}`);
    await expect.poll(() => saveStatus(page).textContent()).toBe('✅ Jobbet har sparats!');
  });

  it("with a token: '✅ Jobbet har sparats!' and the job is in the saved list (saving again is fine)", async () => {
    const user = await e2e.portal.createUser();
    const id = await e2e.portal.jobId();
    const page = await e2e.page({ token: user.token, path: `/jobb/${id}` });
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await expect.poll(() => saveStatus(page).textContent()).toBe('✅ Jobbet har sparats!');
    const saved = await e2e.portal.app.inject({
      url: '/api/candidate/saved-jobs',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(saved.json<{ _id: string }[]>().map((job) => job._id)).toEqual([id]);

    await page.reload();
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await expect.poll(() => saveStatus(page).textContent()).toBe('✅ Jobbet har sparats!');
  });

  it("a failing save says '❌ Kunde inte spara jobbet.'", async () => {
    const user = await e2e.portal.createUser();
    const id = await e2e.portal.jobId();
    const page = await e2e.page({ token: user.token, path: `/jobb/${id}` });
    await page.route('**/api/candidate/save-job', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"INTERNAL","message":"x"}',
      }),
    );
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await expect.poll(() => saveStatus(page).textContent()).toBe('❌ Kunde inte spara jobbet.');
  });

  it('an expired or forged token is forgotten and the visitor is sent to log in, then back', async () => {
    const id = await e2e.portal.jobId();
    const page = await e2e.page({ token: 'inte-en-giltig-token', path: `/jobb/${id}` });
    expect(
      await page
        .getByRole('navigation', { name: 'Huvudmeny' })
        .getByRole('link', { name: 'Min profil' })
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    // The server refused the token: the one API client logs out and sends the visitor to log in,
    // with the job page as the place to return to.
    await page.waitForURL((url) => url.pathname === '/login');
    await expectHeading(page, 'Logga in');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/jobb/${id}`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: 'Logga in' })
      .waitFor();
  });
});

describe('missing, removed and failing ads', () => {
  it("an unknown id: 'Jobb ej hittat.' (and HTTP 404 for the raw page)", async () => {
    const page = await e2e.page({ path: '/jobb/99999999999' });
    await expectHeading(page, 'Jobb ej hittat.');
    expect(await page.title()).toBe('Jobb ej hittat – Jobbportalen');
    await page.locator('main').getByRole('link', { name: 'Till alla lediga jobb' }).click();
    await page.waitForURL((url) => url.pathname === '/jobb');

    const raw = await rawPage('/jobb/99999999999');
    expect(raw.status).toBe(404);
    expect(metaContent(raw.html, 'robots')).toBe('noindex');
  });

  it('a removed ad: says it is no longer open, names it, offers similar jobs (HTTP 410)', async () => {
    const id = await e2e.portal.removeJob((job) => job.mainCategory !== null);
    const row = await e2e.portal.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const page = await e2e.page({ path: `/jobb/${id}` });
    await expectHeading(page, 'Annonsen är inte längre aktuell');
    const text = await page.locator('main').textContent();
    expect(text).toContain(`Jobbet ${row.title} hos ${row.company} går inte längre att söka.`);
    expect(await page.getByRole('button', { name: 'Spara jobb' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Ansök nu/ }).count()).toBe(0);
    const similar = page.getByRole('link', { name: `Visa liknande jobb inom ${row.mainCategory}` });
    expect(await similar.getAttribute('href')).toBe(
      `/jobb?mainCategory=${encodeURIComponent(row.mainCategory!)}`,
    );
    await similar.click();
    await expectHeading(page, `Jobb inom ${row.mainCategory}`);
    // The removed ad is not among the results any more.
    await page.locator('.results-summary').waitFor();
    expect(await page.locator(`.job-card-link[href="/jobb/${id}"]`).count()).toBe(0);

    const raw = await rawPage(`/jobb/${id}`);
    expect(raw.status).toBe(410);
    expect(metaContent(raw.html, 'robots')).toBe('noindex');
    expect(raw.html).not.toContain('application/ld+json');
    const sitemap = await (await fetch(`${e2e.portal.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(`/jobb/${id}<`);
  });

  it("a failing load says '❌ Kunde inte hämta jobbinformation.'", async () => {
    const id = await e2e.portal.jobId();
    const page = await e2e.page();
    // Opened from within the app: a page loaded from the server comes with its ad, so only a
    // client-side navigation loads it in the browser.
    const openInApp = async (path: string) => {
      await gotoAndSettle(page, '/kontakt');
      await page.evaluate((to) => window.history.pushState(null, '', to), path);
      await settle(page);
    };
    await page.route(`**/api/jobs/${id}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"UNAVAILABLE","message":"x"}',
      }),
    );
    await openInApp(`/jobb/${id}`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('❌ Kunde inte hämta jobbinformation.');

    await page.route(`**/api/jobs/${id}`, (route) => route.abort('connectionfailed'));
    await openInApp(`/jobb/${id}`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('❌ Kunde inte hämta jobbinformation.');
  });
});

describe('for crawlers (server-rendered head)', () => {
  it('a live ad page carries its title, description, canonical link and JobPosting JSON-LD', async () => {
    // An ad whose company has an '&' in it, to see the head is escaped and still reads right.
    const live = await e2e.portal.liveJobs({ limit: 100_000 });
    const job = live.find((ad) => ad.company?.includes('&')) ?? live[0];
    const raw = await rawPage(`/jobb/${job!.id}`);
    expect(raw.status).toBe(200);
    const title = titleOf(raw.html);
    expect(title).toBe(`${job!.title} – ${job!.company}, ${job!.location} | Jobbportalen`);
    expect(raw.html).not.toMatch(/<title>[^<]*&[^#a-z]/); // a bare '&' would be invalid HTML
    const description = metaContent(raw.html, 'description')!;
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(155);
    expect(job!.descriptionText.replace(/\s+/g, ' ')).toContain(description.replace(/…$/, '').trim());
    expect(raw.html).toContain(`<link rel="canonical" href="${e2e.portal.url}/jobb/${job!.id}" />`);
    expect(metaContent(raw.html, 'robots')).toBeUndefined();

    const jsonLd = raw.html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    const posting = JSON.parse(jsonLd!) as Record<string, unknown>;
    expect(posting['@type']).toBe('JobPosting');
    expect(posting.title).toBe(job!.title);
    expect(posting.hiringOrganization).toEqual({ '@type': 'Organization', name: job!.company });
    expect(posting.validThrough).toBe(job!.lastDate!.toISOString());
    expect(posting.datePosted).toBe(job!.publishedAt!.toISOString());
    expect((posting.jobLocation as { address: { addressLocality: string } }).address.addressLocality).toBe(
      job!.municipality ?? job!.location,
    );
    // The same HTML still boots the app.
    expect(raw.html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
  });

  it('sitemap.xml lists the static pages and the live ads; robots.txt points to it', async () => {
    const sitemap = await fetch(`${e2e.portal.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain(`${e2e.portal.url}/`);
    expect(locations).toContain(`${e2e.portal.url}/jobb`);
    expect(locations).toContain(`${e2e.portal.url}/karriarguide/cv-guide`);
    const live = await e2e.portal.liveJobs({ limit: 100_000 });
    for (const job of live.slice(0, 20)) expect(locations).toContain(`${e2e.portal.url}/jobb/${job.id}`);
    expect(locations.filter((loc) => loc?.includes('/jobb/'))).toHaveLength(live.length);

    const robots = await fetch(`${e2e.portal.url}/robots.txt`);
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${e2e.portal.url}/sitemap.xml`);
    expect(text).toContain('Disallow: /dashboard');
  });
});
