// Job pages from the store on disk (server/src/web-pages/job-page-store.ts), made ahead of
// visitors by the warmer (job-page-warmer.ts) as production makes them (PUBLIC_URL set): the
// browser is sent the stored bytes, hydrates them without a console error or warning, and the page
// answers its buttons.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { MOBILE } from './support/browser.js';
import { watchConsole } from './support/console.js';
import { expectHeading, useE2e } from './support/e2e.js';
import { settle } from './support/pages.js';

const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-job-pages-'));
const e2e = useE2e({
  ads: 40,
  env: { PUBLIC_URL: 'http://jobb.example.se', JOB_PAGE_STORE_DIR: storeDir },
});
afterAll(() => fs.rmSync(storeDir, { recursive: true, force: true }));

it('a job page stored ahead of its visitor hydrates without a console problem and reacts', async () => {
  const round = await e2e.portal.app.jobPageWarming!.nextRound();
  const live = await e2e.portal.liveJobs({ limit: 100_000 });
  expect(round).toMatchObject({ ads: live.length, failed: 0 });
  expect(fs.readdirSync(storeDir).filter((name) => name.endsWith('.page'))).toHaveLength(live.length);

  const job = live[0]!;
  const page = await e2e.page({ viewport: MOBILE });
  const problems = watchConsole(page);
  const response = await page.goto(`/jobb/${encodeURIComponent(job.id)}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['server-timing']).toMatch(/desc="stored"$/);
  await settle(page);
  await expectHeading(page, job.title);

  // Hydrated, the page answers: saving asks a visitor without an account to log in or register.
  await page.getByRole('button', { name: 'Spara jobb' }).click();
  await page.getByRole('link', { name: 'registrera dig' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
