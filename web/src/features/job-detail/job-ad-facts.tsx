import type { Job } from '@jobbportalen/contracts';
import { formatDate, formatNumber, textOr } from '../../lib/format';

/**
 * The scope of work in percent of full time: '75–100 %' for a range, '100 %' when both ends are
 * the same or only one is given. Null without either.
 */
export function scopeOfWorkLabel(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max) return `${min ?? max} %`;
  return `${Math.min(min, max)}–${Math.max(min, max)} %`;
}

/** The ad's facts beside the description; the feed's optional ones only when it gives them. */
export function JobAdFacts({ job }: { job: Job }) {
  const scope = scopeOfWorkLabel(job.scopeOfWorkMin, job.scopeOfWorkMax);
  const published = formatDate(job.publishedAt);
  return (
    <dl className="job-facts">
      <Fact term="Ort" value={textOr('Okänd plats', job.location)} />
      <Fact term="Kategori" value={textOr('Ej angiven', job.category)} />
      {job.extent ? <Fact term="Omfattning" value={job.extent} /> : null}
      {scope ? <Fact term="Sysselsättningsgrad" value={scope} /> : null}
      {job.form ? <Fact term="Anställningsform" value={job.form} /> : null}
      {job.duration ? <Fact term="Varaktighet" value={job.duration} /> : null}
      {job.salaryType ? <Fact term="Lönetyp" value={job.salaryType} /> : null}
      {job.mustHaveLanguages.length > 0 ? (
        <Fact term="Språkkrav" value={job.mustHaveLanguages.join(', ')} />
      ) : null}
      {job.drivingLicences.length > 0 ? <Fact term="Körkort" value={job.drivingLicences.join(', ')} /> : null}
      <Fact term="Antal tjänster" value={formatNumber(job.vacancies)} />
      {published ? <Fact term="Publicerad" value={published} /> : null}
      <Fact term="Sista ansökningsdag" value={formatDate(job.lastDate) ?? 'Ej angiven'} />
    </dl>
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
