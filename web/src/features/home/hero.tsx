import type { SiteSettings } from '@jobbportalen/contracts/api/site-settings';
import { Link } from 'wouter';
import { formatNumber, textOr } from '../../lib/format';
import { useApi } from '../../lib/use-api';
import { fetchJobStats } from '../../lib/jobs-api';
import { fetchHeroTexts } from './home-api';
import { JobSearchCombobox } from './job-search-combobox';

export function Hero() {
  const settings = useApi(fetchHeroTexts);
  const stats = useApi(fetchJobStats);
  const texts: Partial<SiteSettings> = settings.data ?? {};

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-inner">
        {/* Hidden (not removed) while the texts load, so the fallback never flashes before the real title. */}
        <div className={settings.status === 'loading' ? 'hero-text is-loading' : 'hero-text'}>
          <h1 id="hero-title">{textOr('Hitta ditt drömjobb efter sommaren', texts.heroTitle)}</h1>
          <p className="hero-subtitle">{textOr('Lediga jobb i hela Sverige', texts.heroSubtitle)}</p>
        </div>
        <p className="hero-stats" aria-live="polite">
          {stats.status === 'success' && typeof stats.data.totalJobs === 'number'
            ? `Just nu ${formatNumber(stats.data.totalJobs)} annonser – totalt ${formatNumber(
                stats.data.totalVacancies ?? 0,
              )} lediga tjänster`
            : '\u00a0'}
        </p>
        <JobSearchCombobox />
        <div className="hero-actions">
          <Link href="/jobb" className="button accent">
            {textOr('Visa alla lediga jobb', texts.ctaText)}
          </Link>
          <Link href="/upload-cv" className="hero-link">
            Ladda upp ditt CV och hitta jobb som passar dig
          </Link>
        </div>
      </div>
    </section>
  );
}
