import { Link } from 'wouter';
import { useSiteConfig } from '../../lib/config';
import { FOOTER_LINKS } from './nav-links';

export function SiteFooter() {
  const { siteName, contactEmail } = useSiteConfig();
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>
          © {year} {siteName}. Kontakt:{' '}
          <a href={`mailto:${contactEmail}`} className="footer-email">
            {contactEmail}
          </a>
        </p>
        <nav aria-label="Sidfot">
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
