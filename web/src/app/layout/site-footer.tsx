import { Link } from 'wouter';
import { useSiteConfig } from '../../lib/config';

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
            <li>
              <Link href="/for-arbetsgivare">För arbetsgivare</Link>
            </li>
            <li>
              <Link href="/karriarguide">Karriärguide</Link>
            </li>
            <li>
              <Link href="/kontakt">Kontakt</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
