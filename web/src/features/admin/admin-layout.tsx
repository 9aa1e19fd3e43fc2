import type { Me } from '@jobbportalen/contracts/api/auth';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMainFocusOnNavigation } from '../../app/layout/public-layout';
import { clearToken } from '../../lib/auth';
import { useSiteConfig } from '../../lib/config';
import { ADMIN_LINKS, isCurrentAdminPage } from './admin-nav';

/** The admin area's own frame: a slim header and a side menu (a row of links on small screens). */
export function AdminLayout({ me, children }: { me: Me; children: ReactNode }) {
  const { siteName } = useSiteConfig();
  const [path, navigate] = useLocation();
  const mainRef = useMainFocusOnNavigation();

  const logOut = (): void => {
    // Leave first: without a token the guard would send us to /login instead of the start page.
    navigate('/');
    clearToken();
  };

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Hoppa till innehållet
      </a>
      <header className="admin-header">
        <div className="admin-header-inner">
          <Link href="/" className="logo admin-logo">
            <span className="logo-mark" aria-hidden="true" />
            {siteName}
            <span className="visually-hidden"> – till startsidan</span>
          </Link>
          <span className="admin-badge">Administration</span>
          <div className="admin-account">
            <span className="admin-user">
              <span className="visually-hidden">Inloggad som </span>
              {me.name || me.email}
            </span>
            <button type="button" className="button secondary admin-logout" onClick={logOut}>
              Logga ut
            </button>
          </div>
        </div>
      </header>
      <div className="admin-body">
        <nav className="admin-nav" aria-label="Adminmeny">
          <ul>
            {ADMIN_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="admin-nav-link"
                  aria-current={isCurrentAdminPage(link.href, path) ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" ref={mainRef} tabIndex={-1} className="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}
