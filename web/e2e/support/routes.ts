/** A public route in a state worth checking (tests, screenshots). */
export interface PublicRoute {
  path: string;
  /** Short name for files and reports. */
  name: string;
  /** The main heading the route shows once loaded. */
  heading: string | RegExp;
  /** Shown to a logged-in visitor. */
  loggedIn?: boolean;
  /** The HTTP status of the raw page (the server answers 404/410 for unknown and closed ads). */
  status?: number;
}

export const MISSING_JOB_ID = '99999999999';

/** Every public route, with /jobb and /jobb/{id} in their main states. */
export function publicRoutes(ids: { liveId: string; removedId?: string }): PublicRoute[] {
  return [
    { path: '/', name: 'start', heading: 'Hitta ditt drömjobb efter sommaren' },
    { path: '/jobb', name: 'jobb', heading: 'Bläddra bland jobb på Jobbportalen' },
    {
      path: '/jobb?mainCategory=IT&city=Stockholm',
      name: 'jobb-it-stockholm',
      heading: 'Jobb inom IT i Stockholm',
    },
    {
      path: '/jobb?extent=Heltid&page=2',
      name: 'jobb-heltid-sida-2',
      heading: 'Bläddra bland jobb på Jobbportalen',
    },
    {
      path: '/jobb?search=qwxzyvb',
      name: 'jobb-inga-traffar',
      heading: 'Bläddra bland jobb på Jobbportalen',
    },
    { path: `/jobb/${ids.liveId}`, name: 'jobbannons', heading: /\S/ },
    ...(ids.removedId
      ? [
          {
            path: `/jobb/${ids.removedId}`,
            name: 'jobbannons-borttagen',
            heading: 'Annonsen är inte längre aktuell',
            status: 410,
          },
        ]
      : []),
    { path: `/jobb/${MISSING_JOB_ID}`, name: 'jobbannons-saknas', heading: 'Jobb ej hittat.', status: 404 },
    { path: '/register', name: 'register', heading: 'Registrera dig' },
    { path: '/login', name: 'login', heading: 'Logga in' },
    { path: '/dashboard', name: 'dashboard', heading: 'Min profil', loggedIn: true },
    { path: '/match', name: 'match', heading: 'Matcha mig' },
    { path: '/kontakt', name: 'kontakt', heading: 'Kontakt' },
    { path: '/karriarguide', name: 'karriarguide', heading: 'Karriärguide' },
    { path: '/karriarguide/cv-guide', name: 'cv-guide', heading: 'Skriv ett CV som blir läst' },
    {
      path: '/karriarguide/personligt-brev',
      name: 'personligt-brev',
      heading: 'Personligt brev som sticker ut',
    },
    { path: '/karriarguide/intervjutips', name: 'intervjutips', heading: 'Lyckas på intervjun' },
    { path: '/avbrutet', name: 'avbrutet', heading: 'Köpet avbröts' },
    { path: '/tack', name: 'tack', heading: 'Tack för din beställning!' },
    { path: '/for-arbetsgivare', name: 'for-arbetsgivare', heading: 'För arbetsgivare' },
    { path: '/upload-cv', name: 'upload-cv', heading: 'Ladda upp ditt CV' },
    { path: '/sidan-finns-inte', name: '404', heading: 'Sidan finns inte' },
  ];
}
