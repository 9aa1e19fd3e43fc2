import type { Job } from '@jobbportalen/contracts';
import { Link } from 'wouter';
import { textOr } from '../../lib/format';
import { safeExternalUrl } from '../../lib/safe-url';
import { SearchOriginContext, useSearchOrigin } from '../../lib/search-origin';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdFitSection } from './ad-fit-section';
import { JobAdFacts } from './job-ad-facts';
import { JobAdFreshness } from './job-ad-freshness';
import { ReportAd } from './report-ad';
import { SaveJobButton } from './save-job-button';
import { ShareAdButton } from './share-ad-button';
import { SimilarJobs } from './similar-jobs';

export function JobAd({ job }: { job: Job }) {
  const title = textOr('Okänd titel', job.title);
  const company = textOr('Okänt företag', job.company, job.employer);
  const applyUrl = safeExternalUrl(job.applicationUrl);
  useDocumentTitle(`${title} – ${company}`);
  // Opened from a search's results: the way back is to that search, its page included.
  const searchOrigin = useSearchOrigin();

  return (
    <article className="page job-ad">
      <p className="back-link">
        {searchOrigin ? (
          <Link href={searchOrigin}>← Tillbaka till sökningen</Link>
        ) : (
          <Link href="/jobb">← Alla lediga jobb</Link>
        )}
      </p>
      <header className="job-ad-header">
        <div className="job-ad-heading">
          <h1>{title}</h1>
          <p className="job-ad-company">{company}</p>
          <JobAdFreshness job={job} />
        </div>
        {/* In the first screen: beside the title on a wide screen, a bar at the bottom on a phone. */}
        {applyUrl ? (
          <div className="job-ad-apply">
            <a className="button" href={applyUrl} target="_blank" rel="noopener noreferrer">
              Ansök nu<span className="visually-hidden"> (öppnas i en ny flik)</span>
            </a>
          </div>
        ) : null}
      </header>
      <div className="job-ad-layout">
        <div className="job-ad-body">
          <h2>Om jobbet</h2>
          <JobDescription job={job} />
        </div>
        <div className="job-ad-aside card">
          <JobAdFacts job={job} />
          <AdFitSection jobId={job._id} />
          <div className="job-ad-actions">
            {applyUrl ? null : (
              <p className="field-hint">
                Annonsen anger ingen länk för ansökan – läs beskrivningen för hur du söker.
              </p>
            )}
            <SaveJobButton jobId={job._id} />
            <ShareAdButton jobId={job._id} title={title} />
          </div>
          <ReportAd jobId={job._id} />
        </div>
      </div>
      {/* A similar ad opened from here still leads back to the same search. */}
      <SearchOriginContext.Provider value={searchOrigin}>
        <SimilarJobs jobId={job._id} />
      </SearchOriginContext.Provider>
    </article>
  );
}

function JobDescription({ job }: { job: Job }) {
  if (job.descriptionHtml?.trim()) {
    // descriptionHtml is sanitised on the server (allow-listed tags and attributes only) before it
    // is stored and indexed, which is what makes rendering it as HTML safe here.
    return <div className="job-description" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />;
  }
  if (job.description?.trim()) return <div className="job-description plain-text">{job.description}</div>;
  return <p className="status-message">Ingen beskrivning tillgänglig</p>;
}
