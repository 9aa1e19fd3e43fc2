import { Link } from 'wouter';
import { GUIDES } from '../../lib/guide-list';

export function GuideTeasers() {
  return (
    <section className="home-section" aria-labelledby="guides-title">
      <div className="section-heading">
        <h2 id="guides-title">Karriärguide</h2>
        <Link href="/karriarguide">Alla guider i karriärguiden</Link>
      </div>
      <ul className="teaser-grid">
        {GUIDES.map((guide) => (
          <li key={guide.href} className="card teaser-card">
            <h3>
              <Link href={guide.href}>{guide.title}</Link>
            </h3>
            <p>{guide.teaser}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
