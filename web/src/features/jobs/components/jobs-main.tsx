import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useJobsSearch } from '../jobs-search-hooks';
import { useSiteConfig } from '../../../lib/config';
import { jobsHeading } from '../jobs-heading';
import { useJobsPageHead } from '../use-jobs-page-head';
import { uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { isResultsMode, JOBS_PATH } from '../../../lib/jobs-url-state';
import { SaveSearchPanel } from '../saved-search/save-search-panel';
import { BrowseOverview } from './browse-overview';
import { JobResults } from './job-results';
import { JOBS_RESULTS_ID } from './jobs-filters';
import { QueryInterpretation } from './query-interpretation';
import { isPlainClick } from './use-scripted';

/** Heading, filters and either browse mode (no filters) or results mode (any filter or search). */
export function JobsMain({ filters }: { filters: ReactNode }) {
  const { siteName } = useSiteConfig();
  const { indexUiState, setIndexUiState } = useJobsSearch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const route = uiStateToRoute(indexUiState as JobsUiState);
  const resultsMode = isResultsMode(route);
  const heading = jobsHeading(route, siteName);
  useJobsPageHead(route);

  // A link to plain /jobb (it works without JavaScript); a plain click clears the search in place.
  const backToBrowsing = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setIndexUiState({});
    // The link disappears with results mode: keep keyboard focus at the top of the new view.
    headingRef.current?.focus();
  };

  return (
    <>
      <div className="jobs-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {heading}
        </h1>
        {resultsMode ? (
          <a href={JOBS_PATH} className="button secondary" onClick={backToBrowsing}>
            Tillbaka till bläddra bland jobb
          </a>
        ) : null}
      </div>
      <div className="jobs-layout">
        {filters}
        <div className="jobs-column">
          <div className="jobs-content" id={JOBS_RESULTS_ID} tabIndex={-1}>
            <QueryInterpretation />
            {/* The offer to watch the search comes after the first results (job-results.tsx). */}
            {resultsMode ? <JobResults watch={<SaveSearchPanel route={route} />} /> : <BrowseOverview />}
          </div>
        </div>
      </div>
    </>
  );
}
