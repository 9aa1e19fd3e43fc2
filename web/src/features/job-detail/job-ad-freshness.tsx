import type { Job } from '@jobbportalen/contracts';
import { deadlineCountdown, publishedLabel, stockholmDay } from '../../lib/ad-freshness';
import { useFreshnessNow } from '../../lib/ad-freshness-clock';

/**
 * Under the ad's heading: when it was published ('Publicerad för 3 timmar sedan') and, within a
 * week, how soon it closes ('Sista ansökningsdag i morgon'); the deadline's date stays among the
 * facts. The answer carries no first-seen time, so there is no 'Ny' here, nor the feed's
 * last-update time (the API does not answer it).
 */
export function JobAdFreshness({ job }: { job: Pick<Job, 'publishedAt' | 'lastDate'> }) {
  const now = useFreshnessNow();
  const published = publishedLabel(job.publishedAt, now);
  const countdown = deadlineCountdown(job.lastDate, now);
  if (!published && !countdown) return null;
  return (
    <ul className="job-ad-freshness">
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
    </ul>
  );
}
