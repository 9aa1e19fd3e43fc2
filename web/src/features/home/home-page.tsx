import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyPortalNotice } from './empty-portal-notice';
import { GuideTeasers } from './guide-teasers';
import { Hero } from './hero';
import { LatestJobsSection } from './latest-jobs-section';
import './home.css';

export function HomePage() {
  useDocumentTitle('Lediga jobb i hela Sverige');
  return (
    <>
      <Hero />
      <div className="page home">
        <EmptyPortalNotice />
        <LatestJobsSection />
        <section className="home-section cv-promo card" aria-labelledby="cv-promo-title">
          <div>
            <h2 id="cv-promo-title">Låt ditt CV hitta jobben</h2>
            <p>
              Ladda upp ditt CV och ditt personliga brev, så föreslår vi lediga jobb som matchar din
              erfarenhet – med en förklaring till varför varje jobb passar.
            </p>
          </div>
          <Link href="/upload-cv" className="button">
            Ladda upp CV
          </Link>
        </section>
        <GuideTeasers />
      </div>
    </>
  );
}
