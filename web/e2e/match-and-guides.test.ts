// CV matching /match (CV and letter both required, accepted file types, the failure message) and
// the career guides with their PDF templates.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the browser must show the server's own CV message, which no package exports
import { CV_MESSAGES } from '../../server/src/features/match/extraction/cv-text.js';
// eslint-disable-next-line no-restricted-imports -- the judged CV fixtures live beside their files in the server's match tests
import { JUDGED_CVS } from '../../server/src/features/match/fixtures/judged-cvs.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';
import { READING_MS } from './support/portal.js';
import { repoRoot } from './support/web-build.js';

const e2e = useE2e();

const CV_DIR = path.join(repoRoot, 'server', 'src', 'features', 'match', 'fixtures', 'cvs');
const javaCv = JUDGED_CVS.find((cv) => cv.id === 'sv-javautvecklare-goteborg')!;

const cvInput = (page: Page) => page.getByLabel('CV', { exact: true });
const letterInput = (page: Page) => page.getByLabel('Personligt brev');
const submit = (page: Page) => page.getByRole('button', { name: 'Hitta matchande jobb' });

function countMatchCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai/match')) calls += 1;
  });
  return () => calls;
}

describe('/match', () => {
  it("asks for both files: 'Bifoga både CV och personligt brev.' without a request", async () => {
    const page = await e2e.page({ path: '/match' });
    await expectHeading(page, 'Matcha mig');
    expect(await cvInput(page).getAttribute('accept')).toBe('.pdf,.doc,.docx');
    const calls = countMatchCalls(page);

    await submit(page).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Bifoga både CV och personligt brev.');
    expect(await cvInput(page).getAttribute('aria-invalid')).toBe('true');

    await letterInput(page).fill(javaCv.letter);
    await submit(page).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Bifoga både CV och personligt brev.');

    await letterInput(page).fill('   ');
    await cvInput(page).setInputFiles(path.join(CV_DIR, `${javaCv.id}.pdf`));
    await submit(page).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Bifoga både CV och personligt brev.');
    expect(await letterInput(page).getAttribute('aria-invalid')).toBe('true');

    await cvInput(page).setInputFiles({
      name: 'cv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Mitt CV'),
    });
    await letterInput(page).fill(javaCv.letter);
    await submit(page).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('CV:t måste vara en PDF- eller Word-fil (.pdf, .doc eller .docx).');
    expect(calls()).toBe(0);
  });

  it('a real CV (PDF) and letter give suggested jobs, each with its reason, and the profile read from the CV', async () => {
    const page = await e2e.page({ path: '/match' });
    await cvInput(page).setInputFiles(path.join(CV_DIR, `${javaCv.id}.pdf`));
    await letterInput(page).fill(javaCv.letter);
    await submit(page).click();

    const results = page.getByRole('region', { name: 'Jobb som matchar dig' });
    await results.waitFor({ timeout: READING_MS });
    const cards = results.locator('.job-card');
    expect(await cards.count()).toBeGreaterThan(0);
    const reasons = await results.locator('.match-reason').allTextContents();
    expect(reasons).toHaveLength(await cards.count());
    for (const reason of reasons) expect(reason).toMatch(/^Därför passar jobbet: \S.{10,}/);
    // The suggestions are real ads of this portal.
    const hrefs = await cards
      .locator('.job-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const ids = hrefs.map((href) => decodeURIComponent(href!.replace('/jobb/', '')));
    const known = await e2e.portal.database.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    expect(known).toHaveLength(ids.length);
    // The first suggestion is in the CV's field (the matcher reads "Systemutvecklare"/IT).
    const first = await e2e.portal.database.db
      .selectFrom('jobs')
      .select(['mainCategory'])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(first.mainCategory).toBe('IT');

    const profile = page.getByRole('region', { name: 'Det här förstod vi av ditt CV' });
    const text = await profile.textContent();
    expect(text).toContain(javaCv.expect.occupation);
    expect(text).toContain(javaCv.expect.location);
    for (const skill of javaCv.expect.skills ?? []) expect(text).toContain(skill);
    expect(text).toContain(`${javaCv.expect.yearsOfExperience} års erfarenhet`);

    await cards.locator('.job-card-link').first().click();
    await page.waitForURL((url) => url.pathname === hrefs[0]);
  });

  it("shows the server's message when the file cannot be read", async () => {
    const page = await e2e.page({ path: '/match' });
    // Named .pdf, but not a PDF: the server decides by content and refuses it.
    await cvInput(page).setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Detta är ingen PDF, bara text med en filändelse som ljuger.'),
    });
    await letterInput(page).fill(javaCv.letter);
    await submit(page).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(CV_MESSAGES.unsupportedType);
    expect(await page.getByRole('region', { name: 'Jobb som matchar dig' }).count()).toBe(0);
  });

  it("a failure without a message says 'Kunde inte matcha jobb.', and the form works again", async () => {
    const page = await e2e.page({ path: '/match' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ai/match', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '' });
    });
    await cvInput(page).setInputFiles(path.join(CV_DIR, `${javaCv.id}.pdf`));
    await letterInput(page).fill(javaCv.letter);
    await submit(page).click();
    // While it works the button says so and cannot be pressed twice.
    const working = page.getByRole('button', { name: 'Matchar…' });
    await working.waitFor();
    expect(await working.isDisabled()).toBe(true);
    expect(await page.locator('.match-status').textContent()).toContain('Vi läser ditt CV');
    release();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Kunde inte matcha jobb.');
    expect(await submit(page).isDisabled()).toBe(false);
  });
});

describe('career guides', () => {
  const guides = [
    ['/karriarguide/cv-guide', 'Skriv ett CV som blir läst'],
    ['/karriarguide/personligt-brev', 'Personligt brev som sticker ut'],
    ['/karriarguide/intervjutips', 'Lyckas på intervjun'],
  ];

  it('the index lists the three guides, which open by their links', async () => {
    const page = await e2e.page({ path: '/karriarguide' });
    await expectHeading(page, 'Karriärguide');
    const links = await page
      .locator('.guide-index-list a')
      .evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(links).toEqual(guides);
    for (const [href, title] of guides) {
      await gotoAndSettle(page, '/karriarguide');
      await page.locator(`.guide-index-list a[href="${href}"]`).click();
      await page.waitForURL((url) => url.pathname === href);
      await expectHeading(page, title!);
      // Table-of-contents anchors point at sections that exist.
      const anchors = await page
        .locator('.guide-contents a')
        .evaluateAll((items) => items.map((a) => a.getAttribute('href')!.slice(1)));
      expect(anchors.length).toBeGreaterThan(2);
      for (const id of anchors) expect(await page.locator(`[id="${id}"]`).count()).toBe(1);
    }
  });

  async function downloadPdf(page: Page, linkName: RegExp | string) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: linkName }).click(),
    ]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    return { name: download.suggestedFilename(), bytes };
  }

  it('the CV and letter guides download real PDF templates', async () => {
    const page = await e2e.page({ path: '/karriarguide/cv-guide' });
    const cv = await downloadPdf(page, 'Ladda ner mallen (PDF)');
    expect(cv.name).toBe('cv-mall.pdf');
    expect(cv.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(cv.bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
    expect(cv.bytes.length).toBeGreaterThan(1000);

    await gotoAndSettle(page, '/karriarguide/personligt-brev');
    const letter = await downloadPdf(page, 'Ladda ner mallen (PDF)');
    expect(letter.name).toBe('personligt-brev-mall.pdf');
    expect(letter.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(letter.bytes.equals(cv.bytes)).toBe(false);

    await gotoAndSettle(page, '/karriarguide');
    const fromIndex = await downloadPdf(page, 'CV-mall (PDF)');
    expect(fromIndex.bytes.equals(cv.bytes)).toBe(true);
    const response = await page.request.get('/mallar/personligt-brev-mall.pdf');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });
});
