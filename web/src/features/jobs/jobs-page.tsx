import { useContext, useEffect, useMemo, useState } from 'react';
import { Configure, InstantSearch, InstantSearchSSRProvider } from 'react-instantsearch';
import { LoadingMessage } from '../../components/loading-message';
import { useConfigLoaded, useSiteConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { JobsFilters } from './components/jobs-filters';
import { JobsMain } from './components/jobs-main';
import { createJobsStateMapping } from './jobs-state-mapping';
import { createJobsUrlRouter } from './jobs-url-router';
import { JobsServerSideContext, type JobsServerSide } from './jobs-server-side';
import { JOBS_SEARCH_PARAMETERS } from './jobs-search-params';
import { readNewSince } from '../../lib/new-ads-marker';
import { clearJobsSearchCache, getJobsSearchClient } from './page-search-client';
import { JobsSearchSnapshotContext } from './jobs-search-hooks';
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

function JobsContent() {
  return (
    <ResultsWidgetsProvider>
      <div className="page jobs-page">
        <JobsMain filters={<JobsFilters />} />
      </div>
    </ResultsWidgetsProvider>
  );
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
  // The server renders from its snapshot of the page's search: the same page, without an InstantSearch.
  if (serverSide?.snapshot) {
    return (
      <EntryInterpretationContext.Provider value={entry}>
        <JobsSearchSnapshotContext.Provider value={serverSide.snapshot}>
          {/* The shape of InstantSearch's children below, empty where it renders nothing: the
              page's ids (useId) follow each component's place among its siblings, and must come
              out as in the browser. <InstantSearch> renders [children, <ResetScheduleSearch/>]. */}
          <>
            {null /* <Configure> */}
            <JobsContent />
          </>
          {null /* <ResetScheduleSearch> */}
        </JobsSearchSnapshotContext.Provider>
      </EntryInterpretationContext.Provider>
    );
  }
  return <JobsInstantSearch indexName={indexName} entry={entry} serverSide={serverSide} />;
}

/** The page's search in the browser (and in InstantSearch's own discovery on the server). */
function JobsInstantSearch({
  indexName,
  entry,
  serverSide,
}: {
  indexName: string;
  entry: EntryRoute;
  serverSide: JobsServerSide | null;
}) {
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
          <JobsContent />
        </InstantSearch>
      </InstantSearchSSRProvider>
    </EntryInterpretationContext.Provider>
  );
}
