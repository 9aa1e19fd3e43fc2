import type { Page } from 'playwright-core';

/**
 * Console errors and warnings and uncaught errors of a page, from now on. Chromium's own line about
 * the document's status (a 404 page is meant to answer 404) is no problem of the page.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const documentStatus =
      message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if (!documentStatus) problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
