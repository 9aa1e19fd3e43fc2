// Accessibility of every public route: zero axe-core violations at 1280 px and at 360 px, on the
// routes as they load and in the states a visitor opens (menu, suggestions, errors, filters).
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { expectHeading, gotoAndSettle, useE2e } from './support/e2e.js';
import type { TestUser } from './support/portal.js';
import { publicRoutes } from './support/routes.js';

const e2e = useE2e();

let liveId = '';
let removedId = '';
let user: TestUser;

beforeAll(async () => {
  liveId = await e2e.portal.jobId();
  removedId = await e2e.portal.removedJobId();
  user = await e2e.portal.createUser();
}, 120_000);

describe('accessibility (axe)', () => {
  it('the check itself finds what it should: an image without a text alternative, a field without a label', async () => {
    const page = await e2e.page({ path: '/kontakt' });
    await expectHeading(page, 'Kontakt');
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/logo.svg';
      const field = document.createElement('input');
      field.type = 'text';
      document.querySelector('main')!.append(image, field);
    });
    const found = (await axeViolations(page)).map((line) => line.split(' ')[0]);
    expect(found).toEqual(expect.arrayContaining(['image-alt', 'label']));
  });

  // Both widths at once, in two pages: axe runs inside each page's renderer, so the two overlap.
  it('every public route has zero violations at 1280 px and at 360 px', { timeout: 240_000 }, async () => {
    const failures: Record<string, string[]> = {};
    const widths = await Promise.all(
      [DESKTOP, MOBILE].map(async (viewport) => ({
        viewport,
        guest: await e2e.page({ viewport }),
        member: await e2e.page({ viewport, token: user.token }),
      })),
    );
    for (const route of publicRoutes({ liveId, removedId })) {
      await Promise.all(
        widths.map(async ({ viewport, guest, member }) => {
          const page = route.loggedIn ? member : guest;
          await gotoAndSettle(page, route.path);
          await expectHeading(page, route.heading);
          // Lists and counts that load after the heading.
          await page.waitForLoadState('networkidle');
          const violations = await axeViolations(page);
          if (violations.length > 0) failures[`${route.path} @ ${viewport.width} px`] = violations;
        }),
      );
    }
    expect(failures).toEqual({});
  });

  it('the open mobile menu, the suggestion list, form errors and the open filters have none either', async () => {
    const failures: Record<string, string[]> = {};
    const page = await e2e.page({ viewport: MOBILE, path: '/' });
    await page.getByRole('button', { name: 'Meny' }).click();
    failures['mobile menu'] = await axeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('combobox').fill('sjuk');
    await page.getByRole('listbox').waitFor();
    await page.getByRole('combobox').press('ArrowDown');
    failures.suggestions = await axeViolations(page);

    await gotoAndSettle(page, '/register');
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await page.getByRole('alert').waitFor();
    failures['register error'] = await axeViolations(page);

    await gotoAndSettle(page, `/jobb/${liveId}`);
    await page.getByRole('button', { name: 'Spara jobb' }).click();
    await page.locator('.save-job-status .alert').waitFor();
    failures['save needs login'] = await axeViolations(page);

    await gotoAndSettle(page, '/jobb?extent=Deltid');
    await page.getByRole('button', { name: /Visa filter/ }).click();
    failures['jobb filters open'] = await axeViolations(page);

    expect(Object.fromEntries(Object.entries(failures).filter(([, list]) => list.length > 0))).toEqual({});
  });
});
