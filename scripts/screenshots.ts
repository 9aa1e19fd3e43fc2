/// <reference lib="dom" />
// `npm run screenshots`: full-page screenshots of every public route at desktop (1280 px) and
// mobile (360 px) width, plus a few states (open menu, suggestions, match results, saved job),
// into ./screenshots/ (gitignored) for review. Builds the web app when stale and starts a portal
// over a simulator corpus with a temporary Meilisearch, like `npm run bench:web`.
//   --ads N (500)  --seed S (11)  --out DIR (screenshots)  --only NAME,NAME (route names, see web/e2e/support/routes.ts)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { JUDGED_CVS } from '../server/src/features/match/fixtures/judged-cvs.js';
import { DESKTOP, launchChromium, MOBILE } from '../web/e2e/support/browser.js';
import { gotoAndSettle } from '../web/e2e/support/pages.js';
import { startE2ePortal, type E2ePortal } from '../web/e2e/support/portal.js';
import { publicRoutes } from '../web/e2e/support/routes.js';
import { ensureWebBuilt, repoRoot } from '../web/e2e/support/web-build.js';
import { startTemporarySearchEngine } from './bench/lib/search-engine.js';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '500' },
    seed: { type: 'string', default: '11' },
    out: { type: 'string', default: 'screenshots' },
    only: { type: 'string' },
  },
});
const outDir = path.resolve(args.out);
const only = args.only ? new Set(args.only.split(',')) : null;

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['mobil', MOBILE],
] as const;

async function openPage(
  browser: Browser,
  portal: E2ePortal,
  viewport: { width: number; height: number },
  token?: string,
) {
  const context = await browser.newContext({
    baseURL: portal.url,
    viewport,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    reducedMotion: 'reduce',
  });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return context.newPage();
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

await ensureWebBuilt();
fs.mkdirSync(outDir, { recursive: true });
const engine = await startTemporarySearchEngine();
let portal: E2ePortal | undefined;
let browser: Browser | undefined;
try {
  portal = await startE2ePortal({
    ads: Number(args.ads),
    seed: Number(args.seed),
    meili: { url: engine.url, apiKey: engine.apiKey },
    verbose: true,
  });
  browser = await launchChromium();
  const liveId = await portal.jobId();
  const user = await portal.createUser();
  // A profile with something in it: a few saved jobs, one of which the feed then removes.
  const saved = (await portal.liveJobs({ limit: 6 })).map((job) => job.id);
  for (const id of saved) {
    await portal.app.inject({
      method: 'POST',
      url: '/api/candidate/save-job',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { jobId: id },
    });
  }
  const removedId = await portal.removeJob((job) => job.id !== liveId && saved.includes(job.id));

  for (const [label, viewport] of VIEWPORTS) {
    const guest = await openPage(browser, portal, viewport);
    const member = await openPage(browser, portal, viewport, user.token);
    for (const route of publicRoutes({ liveId, removedId })) {
      if (only && !only.has(route.name)) continue;
      const page = route.loggedIn ? member : guest;
      await gotoAndSettle(page, route.path);
      await shoot(page, `${route.name}-${label}`);
    }
    if (only) continue;

    // States a visitor opens.
    await gotoAndSettle(guest, '/');
    await guest.getByRole('combobox').fill('sjuk');
    await guest.getByRole('listbox').waitFor();
    await guest.getByRole('combobox').press('ArrowDown');
    await shoot(guest, `start-forslag-${label}`, false);

    if (label === 'mobil') {
      await gotoAndSettle(guest, '/');
      await guest.getByRole('button', { name: 'Meny' }).click();
      await shoot(guest, `meny-oppen-${label}`, false);
      await gotoAndSettle(guest, '/jobb?mainCategory=IT');
      await guest.getByRole('button', { name: /Visa filter/ }).click();
      // A sheet over the screen (a modal dialog): the screen is what there is to see.
      await guest.getByRole('dialog', { name: 'Filter' }).waitFor();
      await shoot(guest, `jobb-filter-oppna-${label}`, false);
      await guest.locator('summary', { hasText: /^Län/ }).click();
      await guest
        .locator('summary', { hasText: /^Orter i / })
        .first()
        .click();
      await shoot(guest, `jobb-filter-lan-${label}`, false);
    }

    await gotoAndSettle(member, `/jobb/${liveId}`);
    await member.getByRole('button', { name: 'Spara jobb' }).click();
    await member.locator('.save-job-status .alert').waitFor();
    await shoot(member, `jobbannons-sparad-${label}`);

    await gotoAndSettle(guest, '/register');
    await guest.getByRole('button', { name: 'Skapa konto' }).click();
    await guest.getByRole('alert').waitFor();
    await shoot(guest, `register-fel-${label}`);

    const cv = JUDGED_CVS.find((entry) => entry.id === 'sv-javautvecklare-goteborg')!;
    await gotoAndSettle(guest, '/match');
    await guest
      .getByLabel('CV', { exact: true })
      .setInputFiles(path.join(repoRoot, 'server/src/features/match/fixtures/cvs', `${cv.id}.pdf`));
    await guest.getByLabel('Personligt brev').fill(cv.letter);
    await guest.getByRole('button', { name: 'Hitta matchande jobb' }).click();
    await guest.getByRole('region', { name: 'Jobb som matchar dig' }).waitFor({ timeout: 30_000 });
    await shoot(guest, `match-resultat-${label}`);

    await guest.context().close();
    await member.context().close();
  }
  console.log(`\nSkärmbilder i ${path.relative(process.cwd(), outDir) || '.'}/`);
} finally {
  await browser?.close();
  await portal?.close();
  await engine.close();
}
