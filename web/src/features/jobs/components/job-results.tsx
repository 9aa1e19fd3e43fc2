import { hitDistanceKm } from '@jobbportalen/contracts';
import type { ReactNode } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { JobCard } from '../../../components/job-card';
import { LoadingMessage } from '../../../components/loading-message';
import { formatNumber } from '../../../lib/format';
import { jobsHref } from '../../../lib/jobs-url-state';
import { isNewSince } from '../../../lib/new-ads-marker';
import { SearchOriginContext } from '../../../lib/search-origin';
import { uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { useNewSince } from '../new-since';
import { useJobHits } from '../results-widgets';
import { AlsoMentions, useAlsoMentions } from './also-mentions';
import { JobsPagination } from './jobs-pagination';
import { ZeroHitHelp } from './zero-hit-help';

/** Results mode: summary, hits, the way to widen an occupation search and pagination. */
export function JobResults() {
  // catchError: a failing search must look like an empty result, not an error page.
  const { results, status, indexUiState } = useInstantSearch({ catchError: true });
  // Around a place ('Avstånd') each card says how far away the ad is.
  const near = (indexUiState as JobsUiState).near;
  const { items } = useJobHits();
  // Set when the seeker opened a saved search: its ads first seen since the last visit are 'Ny'
  // (the card also marks, on its own, any ad first seen in the last 24 hours).
  const newSince = useNewSince();
  const firstAnswerPending = (results as { __isArtificial?: boolean }).__isArtificial === true;
  // Asked before the results come, so it comes with them ('Visa även N annonser som nämner …').
  const route = uiStateToRoute(indexUiState as JobsUiState);
  const widening = useAlsoMentions(route);
  const alsoMentions = <AlsoMentions route={route} answer={widening} />;

  if (status === 'error') return <NoJobs alsoMentions={alsoMentions} />;
  if (firstAnswerPending || status === 'stalled') return <LoadingMessage />;
  if (items.length === 0) return <NoJobs alsoMentions={alsoMentions} />;

  const page = results.page + 1;
  const pages = Math.max(results.nbPages, 1);

  return (
    <>
      <p className="results-summary" role="status">
        Visar {formatNumber(results.nbHits)} jobb{pages > 1 ? ` – sida ${page} av ${pages}` : ''}
      </p>
      {/* Each ad's link carries this search's address: its page leads back here (lib/search-origin). */}
      <SearchOriginContext.Provider value={jobsHref(route)}>
        <ul className="job-list">
          {items.map((hit) => (
            <li key={hit.id}>
              <JobCard
                job={hit}
                isNew={isNewSince(hit.firstSeenTs, newSince)}
                distanceKm={hitDistanceKm(hit, { near })}
              />
            </li>
          ))}
        </ul>
      </SearchOriginContext.Provider>
      {alsoMentions}
      <JobsPagination />
    </>
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
