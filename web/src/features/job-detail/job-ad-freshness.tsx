import type { Job } from '@jobbportalen/contracts';
import {
  confirmedLabel,
  deadlineCountdown,
  isFreshAd,
  publishedLabel,
  stockholmDay,
} from '../../lib/ad-freshness';
import { useFreshnessNow } from '../../lib/ad-freshness-clock';

type FreshnessFields = Pick<Job, 'publishedAt' | 'lastDate' | 'rollingSelection' | 'lastConfirmedAt'>;

/**
 * Under the ad's heading: 'Ny' for an ad published in the last 24 hours, when it was published
 * ('Publicerad för 3 timmar sedan'), within a week how soon it closes ('Sista ansökningsdag i
 * morgon'), 'Urval sker löpande' when the ad says so, and when the feed last confirmed it. The
 * deadline's date stays among the facts. 'Ny' is kept out of the heading, the ad's name.
 */
export function JobAdFreshness({ job }: { job: FreshnessFields }) {
  const now = useFreshnessNow();
  const fresh = isFreshAd(job.publishedAt, now);
  const published = publishedLabel(job.publishedAt, now);
  const countdown = deadlineCountdown(job.lastDate, now);
  const confirmed = confirmedLabel(job.lastConfirmedAt, now);
  if (!fresh && !published && !countdown && !job.rollingSelection && !confirmed) return null;
  return (
    <ul className="job-ad-freshness">
      {fresh ? (
        <li>
          <span className="tag job-ad-new">Ny</span>
        </li>
      ) : null}
      {published && job.publishedAt ? (
        <li>
          <time dateTime={job.publishedAt}>{published}</time>
        </li>
      ) : null}
      {countdown ? (
        <li className="job-ad-closing">
          <time dateTime={stockholmDay(job.lastDate) ?? undefined}>{countdown}</time>
        </li>
      ) : null}
      {job.rollingSelection ? <li className="job-ad-rolling">Urval sker löpande</li> : null}
      {confirmed && job.lastConfirmedAt ? (
        <li className="job-ad-confirmed">
          <time dateTime={job.lastConfirmedAt}>{confirmed}</time>
        </li>
      ) : null}
    </ul>
  );
}
