import { loginPathWithNext } from '../../lib/auth';

export interface AdminNavLink {
  href: string;
  label: string;
}

/** The admin side menu: overview, design, texts, import, banner and reported ads, in that order. */
export const ADMIN_LINKS: AdminNavLink[] = [
  { href: '/admin', label: 'Översikt' },
  { href: '/admin/design', label: 'Design' },
  { href: '/admin/texter', label: 'Texter' },
  { href: '/admin/import', label: 'Import' },
  { href: '/admin/banner', label: 'Banner' },
  { href: '/admin/anmalningar', label: 'Anmälda annonser' },
];

/** Each entry is its own page: the overview is current only on /admin itself. */
export function isCurrentAdminPage(href: string, path: string): boolean {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return normalised === href;
}

/** The path to come back to after logging in (only admin paths are passed along). */
export function loginPathFor(currentPath: string): string {
  return loginPathWithNext(currentPath.startsWith('/admin') ? currentPath : '/admin');
}
