/**
 * Every page of the portal, written once: the web app builds its routes, menus and guide lists
 * from here and the server its list of app pages and its sitemap. Plain constants only, so the
 * start page's bundle stays small.
 */

/** Who may see a page: anyone, a logged-in candidate, or an admin. */
export type PageAccess = 'anyone' | 'login' | 'admin';

export interface PageInfo {
  /** The path, with wouter's `:name` for a parameter. */
  readonly path: string;
  /** The fixed Swedish heading, where lists of pages show it (the career guides). */
  readonly title?: string;
  /** The Swedish label of the page's link in the header, mobile menu or footer. */
  readonly navLabel?: string;
  /** Listed in sitemap.xml: public content worth a crawler's visit. */
  readonly inSitemap: boolean;
  /**
   * The server answers the path with the web app's index.html (status 200). False for a page the
   * server renders itself.
   */
  readonly servedByApp: boolean;
  /**
   * The server renders the page's content into its HTML (the browser then hydrates it): public
   * pages worth showing before any JavaScript runs — and readable without it. The others get the
   * app's shell and render in the browser (forms, and pages that need the visitor's session).
   */
  readonly serverRendered: boolean;
  readonly access: PageAccess;
}

const appPage = { inSitemap: false, servedByApp: true, serverRendered: false, access: 'anyone' } as const;
const indexedAppPage = { ...appPage, inSitemap: true } as const;
const contentPage = { ...indexedAppPage, serverRendered: true } as const;

/**
 * The pages inside the public layout. The order is the sitemap's order; the routes do not depend
 * on it (no two paths overlap).
 */
export const PAGES = {
  home: { ...contentPage, path: '/' },
  jobs: { ...contentPage, path: '/jobb', navLabel: 'Jobb' },
  // The server answers a job ad itself: its title, description and JobPosting data go into the
  // HTML head for crawlers, and a closed or unknown ad gets 410 or 404.
  jobDetail: { ...appPage, path: '/jobb/:id', servedByApp: false, serverRendered: true },
  match: { ...indexedAppPage, path: '/match', navLabel: 'Matcha mig' },
  register: { ...appPage, path: '/register', navLabel: 'Registrera dig' },
  login: { ...appPage, path: '/login', navLabel: 'Logga in' },
  dashboard: { ...appPage, path: '/dashboard', navLabel: 'Min profil', access: 'login' },
  guides: { ...contentPage, path: '/karriarguide', navLabel: 'Karriärguide' },
  cvGuide: { ...contentPage, path: '/karriarguide/cv-guide', title: 'Skriv ett CV som blir läst' },
  letterGuide: {
    ...contentPage,
    path: '/karriarguide/personligt-brev',
    title: 'Personligt brev som sticker ut',
  },
  interviewGuide: { ...contentPage, path: '/karriarguide/intervjutips', title: 'Lyckas på intervjun' },
  employers: { ...contentPage, path: '/for-arbetsgivare', navLabel: 'För arbetsgivare' },
  contact: { ...contentPage, path: '/kontakt', navLabel: 'Kontakt' },
  // What we store, why, for how long and how to get it out (GDPR art. 13 and 15).
  privacy: { ...contentPage, path: '/integritet', navLabel: 'Integritet' },
  // The payment result pages: reached from the payment provider, not worth indexing.
  cancelled: { ...appPage, path: '/avbrutet' },
  thanks: { ...appPage, path: '/tack' },
  uploadCv: { ...appPage, path: '/upload-cv' },
  // Reached from links in our mails (each carries a signed token), or from the login form.
  forgotPassword: { ...appPage, path: '/glomt-losenord' },
  resetPassword: { ...appPage, path: '/aterstall-losenord' },
  verifyEmail: { ...appPage, path: '/verifiera-epost' },
  confirmAlert: { ...appPage, path: '/bevakning/bekrafta' },
  manageAlert: { ...appPage, path: '/bevakning/hantera' },
} as const satisfies Record<string, PageInfo>;

export type PageKey = keyof typeof PAGES;

/** The address of an ad's page (PAGES.jobDetail with its id): links, canonical URLs, the sitemap. */
export const jobPagePath = (id: string): string => `/jobb/${encodeURIComponent(id)}`;

/**
 * The admin area: its own layout and its own router for every path below it (and its own
 * 'not found'), so the server answers the whole subtree with the app.
 */
export const ADMIN_AREA = {
  path: '/admin',
  inSitemap: false,
  servedByApp: true,
  serverRendered: false,
  access: 'admin',
} as const satisfies PageInfo;

const pageList: readonly PageInfo[] = Object.values(PAGES);

/** The public-layout paths the server answers with the web app (the admin area aside). */
export const CLIENT_PAGE_PATHS: readonly string[] = pageList
  .filter((page) => page.servedByApp)
  .map((page) => page.path);

/** The fixed pages of sitemap.xml, before the job ads. */
export const SITEMAP_PATHS: readonly string[] = pageList
  .filter((page) => page.inSitemap)
  .map((page) => page.path);

/** Whether `pathname` (no query, no trailing slash) is the admin area or a page inside it. */
export function isInAdminArea(pathname: string): boolean {
  return pathname === ADMIN_AREA.path || pathname.startsWith(`${ADMIN_AREA.path}/`);
}
