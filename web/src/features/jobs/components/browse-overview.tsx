import { JOB_FILTER_ATTRIBUTES, MAIN_CATEGORIES, POPULAR_CITIES, type Job } from '@jobbportalen/contracts';
import type { MouseEvent } from 'react';
import { useJobsSearch } from '../jobs-search-hooks';
import { JobCard } from '../../../components/job-card';
import { LoadingMessage } from '../../../components/loading-message';
import { formatNumber } from '../../../lib/format';
import { asList, jobToSummary } from '../../../lib/jobs';
import {
  fetchCityCounts,
  fetchJobStats,
  fetchLatestJobs,
  fetchMainCategoryCounts,
} from '../../../lib/jobs-api';
import { useApi } from '../../../lib/use-api';
import { countsFor } from '../browse-counts';
import type { JobsUiState } from '../jobs-state-mapping';
import { jobsHref, parseJobsQuery, type JobsRoute } from '../../../lib/jobs-url-state';
import { isPlainClick } from './use-scripted';

type FilterKey = 'mainCategory' | 'city';

/**
 * Every live ad, newest first: results mode without a filter, paged like any search (the overview
 * shows only the latest ten). The order named is what makes it a list, /jobb alone being this
 * overview.
 */
const ALL_JOBS: JobsRoute = { sort: 'newest' };

/** Browse mode: popular categories and cities with counts, then the latest jobs. */
export function BrowseOverview() {
  const { setIndexUiState } = useJobsSearch();
  const categoryCounts = useApi(fetchMainCategoryCounts);
  const cityCounts = useApi(fetchCityCounts);
  const latest = useApi(fetchLatestJobs, 10);
  const latestJobs = asList<Job>(latest.data);
  const stats = useApi(fetchJobStats);
  const total = stats.status === 'success' ? stats.data.totalJobs : undefined;

  // Real links (they open in a new tab and can be shared); a plain click refines in place.
  const choose = (key: FilterKey, value: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setIndexUiState((previous: JobsUiState) => ({
      ...previous,
      menu: { ...previous.menu, [JOB_FILTER_ATTRIBUTES[key]]: value },
      page: undefined,
    }));
  };

  const showAll = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setIndexUiState((previous: JobsUiState) => ({ ...previous, ...ALL_JOBS, page: undefined }));
  };

  const countsLoading = categoryCounts.status === 'loading' || cityCounts.status === 'loading';

  return (
    <div className="browse">
      <section aria-labelledby="popular-categories-title">
        <h2 id="popular-categories-title">Populära kategorier</h2>
        <ShortcutList
          loading={countsLoading}
          items={countsFor(MAIN_CATEGORIES, categoryCounts.data)}
          hrefFor={(name) => jobsHref(parseJobsQuery({ mainCategory: name }))}
          onChoose={(name) => choose('mainCategory', name)}
        />
      </section>
      <section aria-labelledby="popular-cities-title">
        <h2 id="popular-cities-title">Populära orter</h2>
        <ShortcutList
          loading={countsLoading}
          items={countsFor(POPULAR_CITIES, cityCounts.data)}
          hrefFor={(name) => jobsHref({ city: name })}
          onChoose={(name) => choose('city', name)}
        />
      </section>
      <section aria-labelledby="latest-jobs-title">
        <h2 id="latest-jobs-title">Senaste jobben</h2>
        {latest.status === 'loading' ? (
          <LoadingMessage />
        ) : latestJobs.length === 0 ? (
          <p className="status-message">Inga jobb hittades.</p>
        ) : (
          <ul className="job-list">
            {latestJobs.map((job) => (
              <li key={job._id}>
                <JobCard job={jobToSummary(job)} />
              </li>
            ))}
          </ul>
        )}
        {total === 0 ? null : (
          <p className="browse-all">
            <a className="button" href={jobsHref(ALL_JOBS)} onClick={showAll}>
              {typeof total === 'number' ? `Visa alla ${formatNumber(total)} jobb` : 'Visa alla jobb'}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}

interface ShortcutListProps {
  loading: boolean;
  items: { name: string; count: number }[];
  hrefFor: (name: string) => string;
  onChoose: (name: string) => (event: MouseEvent<HTMLAnchorElement>) => void;
}

function ShortcutList({ loading, items, hrefFor, onChoose }: ShortcutListProps) {
  return (
    <ul className="shortcut-grid">
      {items.map(({ name, count }) => (
        <li key={name}>
          <a className="shortcut" href={hrefFor(name)} onClick={onChoose(name)}>
            <span className="shortcut-name">{name}</span>
            <span className="shortcut-count">{loading ? '…' : `${formatNumber(count)} jobb`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
