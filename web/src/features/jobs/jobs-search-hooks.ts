/* eslint-disable react-hooks/rules-of-hooks -- each hook takes one branch for the whole life of its
   tree: the snapshot is provided on the server, for the one render, and never in the browser. */
import type { JobFilterName } from '@jobbportalen/contracts';
import { createContext, useContext } from 'react';
import {
  useConnector,
  useHits,
  useInstantSearch,
  useMenu,
  usePagination,
  useSearchBox,
  type UseInstantSearchProps,
} from 'react-instantsearch';
import { connectExact, type ExactWidgetDescription } from './exact-connector';
import {
  connectJobConditions,
  type JobConditionsRenderState,
  type JobConditionsWidgetDescription,
} from './job-conditions-connector';
import { filterMenuParams } from './jobs-search-params';
import type { JobsSearchSnapshot } from './jobs-search-snapshot';
import type { JobsUiState } from './jobs-state-mapping';
import type { JobHit } from './results-widgets';
import {
  connectTitleOnly,
  type TitleOnlyRenderState,
  type TitleOnlyWidgetDescription,
} from './title-only-connector';

/**
 * /jobb's one way to its search state. In the browser every hook is InstantSearch's own; on the
 * server the page is rendered once from a snapshot of the search it already ran
 * (jobs-search-snapshot.ts), without an InstantSearch in the render.
 */
export const JobsSearchSnapshotContext = createContext<JobsSearchSnapshot | null>(null);

/** The server handles no events: what a click would change never runs there. */
const serverNeverRefines = () => undefined;

/** The part of useInstantSearch /jobb reads. */
export interface JobsSearchState {
  indexUiState: JobsUiState;
  setIndexUiState: ReturnType<typeof useInstantSearch>['setIndexUiState'];
  results: ReturnType<typeof useInstantSearch>['results'];
  status: ReturnType<typeof useInstantSearch>['status'];
}

export function useJobsSearch(props?: UseInstantSearchProps): JobsSearchState {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) {
    const { indexUiState, results, status } = snapshot;
    return { indexUiState, results, status, setIndexUiState: serverNeverRefines };
  }
  const { indexUiState, setIndexUiState, results, status } = useInstantSearch(props);
  return { indexUiState: indexUiState as JobsUiState, setIndexUiState, results, status };
}

export function useJobsSearchBox(): Pick<ReturnType<typeof useSearchBox>, 'query' | 'refine'> {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return snapshot.searchBox;
  return useSearchBox();
}

/** A filter's menu widget: /jobb only refines it (its choices are the filter lists). */
export function useFilterMenuRefine(filter: JobFilterName): (value: string) => void {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return serverNeverRefines;
  return useMenu(filterMenuParams(filter)).refine;
}

/** The hits widget: mounted once for the page, by ResultsWidgetsProvider (results-widgets.tsx). */
export function useHitsWidget(): ReturnType<typeof useHits<JobHit>> {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return snapshot.hits;
  return useHits<JobHit>();
}

/** The pagination widget: mounted once for the page, by ResultsWidgetsProvider. */
export function usePaginationWidget(): ReturnType<typeof usePagination> {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return snapshot.pagination;
  return usePagination();
}

export function useJobConditions(): JobConditionsRenderState {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return snapshot.jobConditions;
  return useConnector<Record<string, never>, JobConditionsWidgetDescription>(connectJobConditions, {});
}

export function useTitleOnly(): TitleOnlyRenderState {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return snapshot.titleOnly;
  return useConnector<Record<string, never>, TitleOnlyWidgetDescription>(connectTitleOnly, {});
}

/** Mounts the exact-text widget, which keeps `exact` in the search state (query-interpretation.tsx). */
export function useExactWidget(): void {
  const snapshot = useContext(JobsSearchSnapshotContext);
  if (snapshot) return;
  useConnector<Record<string, never>, ExactWidgetDescription>(connectExact, {});
}
