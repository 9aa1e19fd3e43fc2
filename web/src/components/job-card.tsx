import { jobPagePath, type JobCardFields, type JobSearchDocument } from '@jobbportalen/contracts';
import type { AdFit } from '@jobbportalen/contracts/api/candidate-profile';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  deadlineCountdown,
  deadlineLabel,
  isFreshAd,
  publishedLabel,
  stockholmDay,
} from '../lib/ad-freshness';
import { useFreshnessNow } from '../lib/ad-freshness-clock';
import { fitSummary } from '../lib/fit-text';
import { textOr } from '../lib/format';
import { useAdLinkState } from '../lib/search-origin';

/**
 * The fields a job list shows (contracts' JOB_CARD_FIELDS); search hits and REST jobs are both
 * mapped to this. The freshness fields are optional: publishedAt gives 'Ny' by age and
 * 'Publicerad …'; firstSeenTs only comes with search hits, for a saved search's 'new since'.
 */
export type JobSummary = JobCardFields & Partial<Pick<JobSearchDocument, 'publishedAt' | 'firstSeenTs'>>;

interface JobCardProps {
  job: JobSummary;
  /** First seen since the seeker last opened this saved search: shows a 'Ny' badge. */
  isNew?: boolean;
  /** Extra content under the facts (a match reason, a status tag, actions). */
  children?: ReactNode;
  /** How far the ad is from the searched place ('12 km'), in a search around one. */
  distanceKm?: number | undefined;
  /** How the ad fits the logged-in visitor's profile (lib/ad-fits), once it has come. */
  fit?: AdFit | undefined;
}

/** '12 km'; under half a kilometre is '< 1 km' rather than '0 km'. */
const distanceText = (km: number) => (km < 0.5 ? '< 1 km' : `${Math.round(km)} km`);

/** One job in a list: the title links to /jobb/{id}, the rest is the facts a visitor scans for. */
export function JobCard({ job, isNew = false, children, distanceKm, fit }: JobCardProps) {
  const now = useFreshnessNow();
  // Within search results, the link remembers the search (lib/search-origin).
  const linkState = useAdLinkState();
  // One badge for both reasons: new since the saved search was opened, or published in 24 hours.
  const showNew = isNew || isFreshAd(job.publishedAt, now);
  const published = publishedLabel(job.publishedAt, now);
  const deadline = deadlineLabel(job.lastDate, now);
  // Within a week the deadline is a countdown, set apart so a closing ad stands out in the list.
  const closingSoon = deadlineCountdown(job.lastDate, now) !== null;
  return (
    <article className="job-card">
      <h3>
        <Link href={jobPagePath(job.id)} state={linkState} className="job-card-link">
          {textOr('Okänd titel', job.title)}
        </Link>
        {showNew ? (
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
        {distanceKm === undefined ? null : (
          <li className="job-meta-distance">
            <span className="visually-hidden">Avstånd: </span>
            {distanceText(distanceKm)}
          </li>
        )}
        {job.extent ? (
          <li>
            <span className="visually-hidden">Omfattning: </span>
            {job.extent}
          </li>
        ) : null}
        {published && job.publishedAt ? (
          <li className="job-meta-published">
            <time dateTime={job.publishedAt}>{published}</time>
          </li>
        ) : null}
        {deadline ? (
          <li className={closingSoon ? 'job-meta-deadline closing-soon' : 'job-meta-deadline'}>
            <time dateTime={stockholmDay(job.lastDate) ?? undefined}>{deadline}</time>
          </li>
        ) : null}
        {job.rollingSelection ? <li className="job-meta-rolling">Urval sker löpande</li> : null}
      </ul>
      {fit ? <p className="job-card-fit">{fitSummary(fit)}</p> : null}
      {children ? <div className="job-card-extra">{children}</div> : null}
    </article>
  );
}
