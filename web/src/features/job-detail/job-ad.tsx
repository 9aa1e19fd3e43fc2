import type { Job } from '@jobbportalen/contracts';
import { Link } from 'wouter';
import { formatDate, formatNumber, textOr } from '../../lib/format';
import { safeExternalUrl } from '../../lib/safe-url';
import { useDocumentTitle } from '../../lib/use-document-title';
import { JobAdFreshness } from './job-ad-freshness';
import { SaveJobButton } from './save-job-button';

export function JobAd({ job }: { job: Job }) {
  const title = textOr('Okänd titel', job.title);
  const company = textOr('Okänt företag', job.company, job.employer);
  const applyUrl = safeExternalUrl(job.applicationUrl);
  useDocumentTitle(`${title} – ${company}`);

  return (
    <article className="page job-ad">
      <p className="back-link">
        <Link href="/jobb">← Alla lediga jobb</Link>
      </p>
      <header className="job-ad-header">
        <h1>{title}</h1>
        <p className="job-ad-company">{company}</p>
        <JobAdFreshness job={job} />
      </header>
      <div className="job-ad-layout">
        <div className="job-ad-body">
          <h2>Om jobbet</h2>
          <JobDescription job={job} />
        </div>
        <div className="job-ad-aside card">
          <dl className="job-facts">
            <Fact term="Ort" value={textOr('Okänd plats', job.location)} />
            <Fact term="Kategori" value={textOr('Ej angiven', job.category)} />
            {job.extent ? <Fact term="Omfattning" value={job.extent} /> : null}
            {job.form ? <Fact term="Anställningsform" value={job.form} /> : null}
            {job.vacancies > 1 ? <Fact term="Antal tjänster" value={formatNumber(job.vacancies)} /> : null}
            <Fact term="Sista ansökningsdag" value={formatDate(job.lastDate) ?? 'Ej angiven'} />
          </dl>
          <div className="job-ad-actions">
            {applyUrl ? (
              <a className="button" href={applyUrl} target="_blank" rel="noopener noreferrer">
                Ansök nu<span className="visually-hidden"> (öppnas i en ny flik)</span>
              </a>
            ) : (
              <p className="field-hint">
                Annonsen anger ingen länk för ansökan – läs beskrivningen för hur du söker.
              </p>
            )}
            <SaveJobButton jobId={job._id} />
          </div>
        </div>
      </div>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
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
