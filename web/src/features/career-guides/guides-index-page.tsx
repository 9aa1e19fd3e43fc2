import { PAGES } from '@jobbportalen/contracts';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GUIDES } from '../../lib/guide-list';
import './career-guides.css';

export function GuidesIndexPage() {
  useDocumentTitle(PAGES.guides.navLabel);
  return (
    <section className="page narrow prose">
      <h1>{PAGES.guides.navLabel}</h1>
      <p className="page-intro">
        Konkreta råd för hela vägen från ansökan till anställning. Guiderna är skrivna för dig som söker jobb
        i Sverige – oavsett om det är ditt första jobb eller ditt nästa steg.
      </p>
      <ul className="guide-index-list">
        {GUIDES.map((guide) => (
          <li key={guide.href} className="card">
            <h2 className="h3">
              <Link href={guide.href}>{guide.title}</Link>
            </h2>
            <p>{guide.teaser}</p>
          </li>
        ))}
      </ul>
      <h2>Mallar att ladda ner</h2>
      <ul>
        <li>
          <a href="/mallar/cv-mall.pdf" download>
            CV-mall (PDF)
          </a>{' '}
          – en tydlig struktur att fylla i, med tips under varje rubrik.
        </li>
        <li>
          <a href="/mallar/personligt-brev-mall.pdf" download>
            Mall för personligt brev (PDF)
          </a>{' '}
          – brevets fyra delar med exempel på formuleringar.
        </li>
      </ul>
      <p>
        Har du redan ett CV? <Link href="/match">Matcha det mot lediga jobb</Link> och se vilka jobb som
        passar dig.
      </p>
    </section>
  );
}
