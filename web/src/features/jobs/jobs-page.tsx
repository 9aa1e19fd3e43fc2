import { useContext, useEffect, useMemo, useState } from 'react';
import { Configure, InstantSearch, InstantSearchSSRProvider } from 'react-instantsearch';
import { LoadingMessage } from '../../components/loading-message';
import { useConfigLoaded, useSiteConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { JobsFilters } from './components/jobs-filters';
import { JobsMain } from './components/jobs-main';
import { createJobsStateMapping } from './jobs-state-mapping';
import { createJobsUrlRouter } from './jobs-url-router';
import { JobsServerSideContext } from './jobs-server-side';
import { JOBS_SEARCH_PARAMETERS } from './jobs-search-params';
import { readNewSince } from '../../lib/new-ads-marker';
import { clearJobsSearchCache, getJobsSearchClient } from './page-search-client';
import { EntryInterpretationContext } from './query-interpretation-store';
import { ResultsWidgetsProvider } from './results-widgets';
import { useEntryRoute, type EntryRoute } from './use-entry-route';
import './jobs.css';

export function JobsPage() {
  const configLoaded = useConfigLoaded();
  const { searchIndex } = useSiteConfig();
  const entry = useEntryRoute();

  useEffect(() => {
    // Opened from a saved search: its new ads may have arrived after this page load last ran the
    // same search, and the client's result cache would answer with the hits of then.
    if (readNewSince(window.location.search) !== null) clearJobsSearchCache();
  }, []);

  // The index uid comes from /api/config, and the URL must be resolved before InstantSearch reads it.
  if (!configLoaded || !entry) return <JobsLoading />;
  return <JobsSearch indexName={searchIndex} entry={entry} />;
}

function JobsLoading() {
  useDocumentTitle('Lediga jobb');
  return (
    <div className="page">
      <LoadingMessage />
    </div>
  );
}

function JobsSearch({ indexName, entry }: { indexName: string; entry: EntryRoute }) {
  const serverSide = useContext(JobsServerSideContext);
  // Taken once: the server's results are for the address the page was opened with, and the
  // provider must keep its place in the tree (InstantSearch would start over without it).
  const [serverState] = useState(() => serverSide?.serverState ?? {});
  const routing = useMemo(
    () => ({ router: createJobsUrlRouter(entry.route), stateMapping: createJobsStateMapping(indexName) }),
    // The entry route is read once, when InstantSearch starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [indexName],
  );

  return (
    <EntryInterpretationContext.Provider value={entry}>
      <InstantSearchSSRProvider {...serverState}>
        <InstantSearch
          searchClient={serverSide?.searchClient ?? getJobsSearchClient()}
          indexName={indexName}
          routing={routing}
          future={{ preserveSharedStateOnUnmount: true }}
        >
          <Configure {...JOBS_SEARCH_PARAMETERS} />
          <ResultsWidgetsProvider>
            <div className="page jobs-page">
              <JobsMain filters={<JobsFilters />} />
            </div>
          </ResultsWidgetsProvider>
        </InstantSearch>
      </InstantSearchSSRProvider>
    </EntryInterpretationContext.Provider>
  );
}
