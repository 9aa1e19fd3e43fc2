import { JOB_PAGE_SIZE } from '@jobbportalen/contracts';
import { useEffect, useMemo } from 'react';
import { Configure, InstantSearch, usePagination } from 'react-instantsearch';
import { LoadingMessage } from '../../components/loading-message';
import { useConfigLoaded, useSiteConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { JobsFilters } from './components/jobs-filters';
import { JobsMain } from './components/jobs-main';
import { createJobsStateMapping } from './jobs-state-mapping';
import { createJobsUrlRouter } from './jobs-url-router';
import { readNewSince } from '../../lib/new-ads-marker';
import { clearJobsSearchCache, getJobsSearchClient } from './page-search-client';
import { useEntryRouteResolved } from './use-entry-route';
import './jobs.css';

export function JobsPage() {
  const configLoaded = useConfigLoaded();
  const { searchIndex } = useSiteConfig();
  const entryResolved = useEntryRouteResolved();

  useEffect(() => {
    // Opened from a saved search: its new ads may have arrived after this page load last ran the
    // same search, and the client's result cache would answer with the hits of then.
    if (readNewSince(window.location.search) !== null) clearJobsSearchCache();
  }, []);

  // The index uid comes from /api/config, and the URL must be resolved before InstantSearch reads it.
  if (!configLoaded || !entryResolved) return <JobsLoading />;
  return <JobsSearch indexName={searchIndex} />;
}

function JobsLoading() {
  useDocumentTitle('Lediga jobb');
  return (
    <div className="page">
      <LoadingMessage />
    </div>
  );
}

function JobsSearch({ indexName }: { indexName: string }) {
  const routing = useMemo(
    () => ({ router: createJobsUrlRouter(), stateMapping: createJobsStateMapping(indexName) }),
    [indexName],
  );

  return (
    <InstantSearch
      searchClient={getJobsSearchClient()}
      indexName={indexName}
      routing={routing}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={JOB_PAGE_SIZE} />
      <PageState />
      <div className="page jobs-page">
        <JobsMain filters={<JobsFilters />} />
      </div>
    </InstantSearch>
  );
}

/**
 * The visible pagination mounts only once results are shown. Without a pagination widget from the
 * start, InstantSearch leaves ?page=N out of the first search (a flash of page 1) and can even
 * write the URL back without it, so a shared link to page 3 lands on page 1.
 */
function PageState() {
  usePagination();
  return null;
}
