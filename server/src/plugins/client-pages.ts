/**
 * The web app's own pages (web/src/app/routes.tsx and the admin area). Any other path outside
 * /api still gets the app — which shows its Swedish 404 page — but with status 404, so crawlers and
 * link checkers are not told that a mistyped address exists. /jobb/:id answers for itself (seo).
 * A test keeps this list in step with the web app's routes.
 */
export const CLIENT_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/jobb',
  '/match',
  '/register',
  '/login',
  '/dashboard',
  '/karriarguide',
  '/karriarguide/cv-guide',
  '/karriarguide/personligt-brev',
  '/karriarguide/intervjutips',
  '/kontakt',
  '/avbrutet',
  '/tack',
  '/for-arbetsgivare',
  '/upload-cv',
]);

/** The admin area routes on its own below /admin (and shows its own 'not found'). */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export function isClientPage(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
  return CLIENT_PAGES.has(pathname) || isAdminPath(pathname);
}
