import type { JobCardFields } from '@jobbportalen/contracts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate, textOr } from '../lib/format';

/** The fields a job list shows (contracts' JOB_CARD_FIELDS); search hits and REST jobs are both mapped to this. */
export type JobSummary = JobCardFields;

interface JobCardProps {
  job: JobSummary;
  /** First seen since the seeker last opened this saved search: shows a 'Ny' badge. */
  isNew?: boolean;
  /** Extra content under the facts (a match reason, a status tag, actions). */
  children?: ReactNode;
}

/** One job in a list: the title links to /jobb/{id}, the rest is the facts a visitor scans for. */
export function JobCard({ job, isNew = false, children }: JobCardProps) {
  const deadline = formatDate(job.lastDate);
  return (
    <article className="job-card">
      <h3>
        <Link href={`/jobb/${encodeURIComponent(job.id)}`} className="job-card-link">
          {textOr('Okänd titel', job.title)}
        </Link>
        {isNew ? (
          <>
            {' '}
            <span className="tag job-card-new">Ny</span>
          </>
        ) : null}
      </h3>
      <p className="job-card-company">{textOr('Okänt företag', job.company)}</p>
      <ul className="job-meta">
        <li>
          <span className="visually-hidden">Ort: </span>
          {textOr('Okänd plats', job.location)}
        </li>
        {job.extent ? (
          <li>
            <span className="visually-hidden">Omfattning: </span>
            {job.extent}
          </li>
        ) : null}
        {deadline ? <li>Sista ansökningsdag: {deadline}</li> : null}
      </ul>
      {children ? <div className="job-card-extra">{children}</div> : null}
    </article>
  );
}
