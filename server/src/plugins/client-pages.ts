import { CLIENT_PAGE_PATHS, isInAdminArea } from '@jobbportalen/contracts';

/**
 * The web app's own pages, from the page registry (contracts/src/pages.ts). Any other path outside
 * /api still gets the app — which shows its Swedish 404 page — but with status 404, so crawlers and
 * link checkers are not told that a mistyped address exists. /jobb/:id answers for itself (seo).
 */
export const CLIENT_PAGES: ReadonlySet<string> = new Set(CLIENT_PAGE_PATHS);

export function isClientPage(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
  return CLIENT_PAGES.has(pathname) || isInAdminArea(pathname);
}
