import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AxeWindow = typeof globalThis & { axe?: typeof axe };

/**
 * axe-core's violations on the whole page, formatted so a failure says what and where.
 *
 * axe-core itself, run in the page, rather than @axe-core/playwright's AxeBuilder: that one runs
 * axe in each frame in parts and then finishes the run in a blank page it opens for every call,
 * which cost 0.6–2.3 s a check even on a page of 80 elements (the saved-searches file's twenty
 * checks took 37 s alone, 110 s in a loaded run). Our pages have no frames; here axe is injected
 * once per document and run on it, the same rules and options, in 0.1–0.7 s.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((globalThis as AxeWindow).axe)))) await page.evaluate(axe.source);
  // Only violations are collected in detail (passes are many and slow to serialise).
  const results = await page.evaluate(() =>
    (globalThis as AxeWindow).axe!.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** axe-core over the whole page (WCAG 2.x A/AA and best practices): no violations at all. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${what}`).toEqual([]);
}

/**
 * axe-core's violations of the page's present state at each width, keyed `what @ N px`: the page
 * is resized between the checks, and given back its own size after them. For states reached by a flow
 * (a form sent, a list being renamed), where loading the same state again at another width would
 * run the whole flow twice; our layout follows the width through CSS alone. Whole routes are
 * loaded at each width in accessibility.test.ts.
 */
export async function axeViolationsAtWidths(
  page: Page,
  what: string,
  widths: readonly { width: number; height: number }[],
): Promise<Record<string, string[]>> {
  const own = page.viewportSize();
  const found: Record<string, string[]> = {};
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    found[`${what} @ ${viewport.width} px`] = await axeViolations(page);
  }
  if (own) await page.setViewportSize(own);
  return found;
}
