import { PAGES, type PageKey } from '@jobbportalen/contracts';

export interface NavLink {
  href: string;
  label: string;
}

type LinkedPageKey = { [K in PageKey]: (typeof PAGES)[K] extends { navLabel: string } ? K : never }[PageKey];

const linkTo = (key: LinkedPageKey): NavLink => ({ href: PAGES[key].path, label: PAGES[key].navLabel });

/** Shown to visitors without a session; the header starts with these two, as the spec lays it out. */
export const GUEST_LINKS: NavLink[] = [linkTo('register'), linkTo('login')];

/** Replaces the guest pair once a token is stored. */
export const MEMBER_LINKS: NavLink[] = [linkTo('dashboard')];

export const MAIN_LINKS: NavLink[] = [linkTo('jobs'), linkTo('guides'), linkTo('match'), linkTo('contact')];

/** The spec puts this one in the mobile menu only; the footer links it on every screen size. */
export const EMPLOYER_LINK: NavLink = linkTo('employers');

export const FOOTER_LINKS: NavLink[] = [
  EMPLOYER_LINK,
  linkTo('guides'),
  linkTo('contact'),
  linkTo('privacy'),
];

/** Whether `href` is the current section, for aria-current (a job ad belongs to "Jobb"). */
export function isCurrentSection(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
