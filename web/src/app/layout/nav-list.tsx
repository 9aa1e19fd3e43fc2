import { Link, useLocation } from 'wouter';
import { isCurrentSection, type NavLink } from './nav-links';

/** A list of header links; the current section is marked with aria-current. */
export function NavList({ links, onNavigate }: { links: NavLink[]; onNavigate?: () => void }) {
  const [path] = useLocation();
  return (
    <ul className="nav-list">
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            className="nav-link"
            aria-current={isCurrentSection(link.href, path) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
