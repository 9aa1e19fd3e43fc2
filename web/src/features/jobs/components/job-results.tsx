import { hitDistanceKm } from '@jobbportalen/contracts';
import type { ReactNode } from 'react';
import { useJobsSearch } from '../jobs-search-hooks';
import { JobCard } from '../../../components/job-card';
import { LoadingMessage } from '../../../components/loading-message';
import { useAdFits, type AdFits } from '../../../lib/ad-fits';
import { formatNumber } from '../../../lib/format';
import { jobsHref } from '../../../lib/jobs-url-state';
import { isNewSince } from '../../../lib/new-ads-marker';
import { SearchOriginContext } from '../../../lib/search-origin';
import { uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { useNewSince } from '../new-since';
import { isPlaceholderResults, useJobHits } from '../results-widgets';
import { AlsoMentions, useAlsoMentions } from './also-mentions';
import { JobsPagination } from './jobs-pagination';
import { ZeroHitHelp } from './zero-hit-help';

/** How many results come before the offer to watch the search: on a phone, the first screen. */
const RESULTS_BEFORE_WATCH = 3;

/**
 * Results mode: summary, hits, the way to widen an occupation search and pagination. `watch` (the
 * offer to save the search or get its new ads by e-mail) comes after the first few results, so on
 * a phone the results start on the first screen, and in reading order as shown; and also with no
 * results, since a search with no hits yet is worth watching too.
 */
export function JobResults({ watch }: { watch?: ReactNode }) {
  // catchError: a failing search must look like an empty result, not an error page.
  const { results, status, indexUiState } = useJobsSearch({ catchError: true });
  // Around a place ('Avstånd') each card says how far away the ad is.
  const near = (indexUiState as JobsUiState).near;
  const { items } = useJobHits();
  // Set when the seeker opened a saved search: its ads first seen since the last visit are 'Ny'
  // (the card also marks, on its own, any ad first seen in the last 24 hours).
  const newSince = useNewSince();
  const firstAnswerPending = isPlaceholderResults(results);
  // Asked before the results come, so it comes with them ('Visa även N annonser som nämner …').
  const route = uiStateToRoute(indexUiState as JobsUiState);
  const widening = useAlsoMentions(route);
  const alsoMentions = <AlsoMentions route={route} answer={widening} />;
  // One request for the page's ads, whichever side of the watch offer they are shown.
  const fits = useAdFits(firstAnswerPending ? [] : items.map((hit) => hit.id));

  const withWatch = (shown: ReactNode) => (
    <>
      {shown}
      {watch}
    </>
  );
  if (status === 'error') return withWatch(<NoJobs alsoMentions={alsoMentions} />);
  if (firstAnswerPending || status === 'stalled') return withWatch(<LoadingMessage />);
  if (items.length === 0) return withWatch(<NoJobs alsoMentions={alsoMentions} />);

  const page = results.page + 1;
  const pages = Math.max(results.nbPages, 1);

  return (
    <>
      <p className="results-summary" role="status">
        Visar {formatNumber(results.nbHits)} jobb{pages > 1 ? ` – sida ${page} av ${pages}` : ''}
      </p>
      {/* Each ad's link carries this search's address: its page leads back here (lib/search-origin). */}
      <SearchOriginContext.Provider value={jobsHref(route)}>
        <JobList hits={items.slice(0, RESULTS_BEFORE_WATCH)} near={near} newSince={newSince} fits={fits} />
        {watch}
        {items.length > RESULTS_BEFORE_WATCH ? (
          <JobList hits={items.slice(RESULTS_BEFORE_WATCH)} near={near} newSince={newSince} fits={fits} />
        ) : null}
      </SearchOriginContext.Provider>
      {alsoMentions}
      <JobsPagination />
    </>
  );
}

interface JobListProps {
  hits: ReturnType<typeof useJobHits>['items'];
  /** The searched place, for each card's distance. */
  near: JobsUiState['near'];
  /** When the opened saved search was last seen: its ads first seen since are 'Ny'. */
  newSince: ReturnType<typeof useNewSince>;
  /** How each ad fits the logged-in visitor's profile. */
  fits: AdFits;
}

/** Job cards of search hits. */
function JobList({ hits, near, newSince, fits }: JobListProps) {
  return (
    <ul className="job-list">
      {hits.map((hit) => (
        <li key={hit.id}>
          <JobCard
            job={hit}
            isNew={isNewSince(hit.firstSeenTs, newSince)}
            distanceKm={hitDistanceKm(hit, { near })}
            fit={fits.fitOf(hit.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function NoJobs({ alsoMentions }: { alsoMentions: ReactNode }) {
  return (
    <>
      <p className="status-message" role="status">
        Inga jobb hittades.
      </p>
      {/* 'utvecklare' in Kiruna may have no developer's ad, yet ads that name developers. */}
      {alsoMentions}
      <ZeroHitHelp />
    </>
  );
}
