export interface NavLink {
  href: string;
  label: string;
}

/** Shown to visitors without a session (spec: Registrera dig, Logga in first). */
export const GUEST_LINKS: NavLink[] = [
  { href: '/register', label: 'Registrera dig' },
  { href: '/login', label: 'Logga in' },
];

/** Replaces the guest pair once a token is stored. */
export const MEMBER_LINKS: NavLink[] = [{ href: '/dashboard', label: 'Min profil' }];

export const MAIN_LINKS: NavLink[] = [
  { href: '/jobb', label: 'Jobb' },
  { href: '/karriarguide', label: 'Karriärguide' },
  { href: '/match', label: 'Matcha mig' },
  { href: '/kontakt', label: 'Kontakt' },
];

/** The spec puts this one in the mobile menu only; the footer links it on every screen size. */
export const EMPLOYER_LINK: NavLink = { href: '/for-arbetsgivare', label: 'För arbetsgivare' };

/** Whether `href` is the current section, for aria-current (a job ad belongs to "Jobb"). */
export function isCurrentSection(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
