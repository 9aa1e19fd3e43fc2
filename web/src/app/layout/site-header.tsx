import { Link } from 'wouter';
import { useToken } from '../../lib/auth';
import { useSiteConfig } from '../../lib/config';
import { MobileMenu } from './mobile-menu';
import { GUEST_LINKS, MAIN_LINKS, MEMBER_LINKS } from './nav-links';
import { NavList } from './nav-list';

export function SiteHeader() {
  const { siteName } = useSiteConfig();
  const loggedIn = useToken() !== null;
  const accountLinks = loggedIn ? MEMBER_LINKS : GUEST_LINKS;

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="logo">
          <span className="logo-mark" aria-hidden="true" />
          {siteName}
        </Link>
        <nav className="desktop-nav" aria-label="Huvudmeny">
          <NavList links={[...accountLinks, ...MAIN_LINKS]} />
        </nav>
        <MobileMenu accountLinks={accountLinks} />
      </div>
    </header>
  );
}
