import type { JOB_RESULT_FIELDS, JobSearchDocument } from '@jobbportalen/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useHitsWidget, usePaginationWidget } from './jobs-search-hooks';

/** What the browser's search retrieves (contracts' JOB_RESULT_FIELDS): the card and its freshness. */
export type JobHit = Pick<JobSearchDocument, (typeof JOB_RESULT_FIELDS)[number]> & {
  /** Metres from the place, when the order is 'Närmast'. */
  _geoDistance?: number;
};

interface ResultsWidgets {
  hits: ReturnType<typeof useHitsWidget>;
  pagination: ReturnType<typeof usePaginationWidget>;
}

const ResultsWidgetsContext = createContext<ResultsWidgets | null>(null);

/**
 * The hits and pagination widgets of /jobb, registered once for the whole page and read by the
 * components that show them. InstantSearch starts a search whenever a widget is added or removed:
 * registered where the results mount — only in results mode, and the pagination not while
 * 'Laddar...' shows — every refinement sent the same search several times, each renewing the
 * loading state so that 'Laddar...' never appeared. And without a pagination widget from the
 * start, InstantSearch leaves ?page=N out of the first search (a flash of page 1) and can even
 * write the URL back without it, so a shared link to page 3 would land on page 1.
 */
export function ResultsWidgetsProvider({ children }: { children: ReactNode }) {
  const hits = useHitsWidget();
  const pagination = usePaginationWidget();
  return (
    <ResultsWidgetsContext.Provider value={{ hits, pagination }}>{children}</ResultsWidgetsContext.Provider>
  );
}

function useResultsWidgets(): ResultsWidgets {
  const widgets = useContext(ResultsWidgetsContext);
  if (!widgets) throw new Error('useResultsWidgets används utanför ResultsWidgetsProvider');
  return widgets;
}

export const useJobHits = () => useResultsWidgets().hits;
export const useJobsPagination = () => useResultsWidgets().pagination;

/**
 * Whether InstantSearch holds only its placeholder results (no answer has come yet): their count
 * means nothing.
 */
export const isPlaceholderResults = (results: object | null | undefined): boolean =>
  !results || (results as { __isArtificial?: boolean }).__isArtificial === true;
