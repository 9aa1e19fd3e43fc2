import { JOB_FILTER_ATTRIBUTES, JOB_FILTER_NAMES, JOB_QUERY_PARAM_NAMES } from '@jobbportalen/contracts';
import type { IndexUiState, StateMapping, UiState } from 'instantsearch.js';
import { parseJobsQuery, type JobsRoute } from '../../lib/jobs-url-state';
import type { ExactUiState } from './exact-connector';
import type { JobConditionsUiState } from './job-conditions-connector';
import { conditionsOf, JOB_CONDITION_NAMES } from './job-conditions';
import type { TitleOnlyUiState } from './title-only-connector';

export type JobsUiState = IndexUiState & TitleOnlyUiState & JobConditionsUiState & ExactUiState;

/**
 * The route of an InstantSearch state: the query, one menu per filter (on the index attribute the
 * JobQuery definition names), 'Sök endast i titel', the conditions ('Publicerad', the yes/no
 * filters, the order) and the page — read by the URL's own rules, so
 * the state and its URL always mean the same search.
 */
export function uiStateToRoute(state: JobsUiState): JobsRoute {
  const values: Record<string, unknown> = {
    [JOB_QUERY_PARAM_NAMES.text]: state.query,
    [JOB_QUERY_PARAM_NAMES.titleOnly]: state.titleOnly,
    [JOB_QUERY_PARAM_NAMES.exact]: state.exact,
    [JOB_QUERY_PARAM_NAMES.page]: state.page,
  };
  for (const name of JOB_FILTER_NAMES) {
    values[JOB_QUERY_PARAM_NAMES[name]] = state.menu?.[JOB_FILTER_ATTRIBUTES[name]];
  }
  for (const name of JOB_CONDITION_NAMES) values[JOB_QUERY_PARAM_NAMES[name]] = state[name];
  return parseJobsQuery(values);
}

export function routeToUiState(route: JobsRoute): JobsUiState {
  const state: JobsUiState = {};
  if (route.text) state.query = route.text;
  const menu: Record<string, string> = {};
  for (const name of JOB_FILTER_NAMES) {
    const value = route[name];
    if (value) menu[JOB_FILTER_ATTRIBUTES[name]] = value;
  }
  if (Object.keys(menu).length > 0) state.menu = menu;
  if (route.titleOnly) state.titleOnly = true;
  if (route.exact) state.exact = true;
  Object.assign(state, conditionsOf(route));
  if (route.page !== undefined && route.page > 1) state.page = route.page;
  return state;
}

export function createJobsStateMapping(indexName: string): StateMapping<UiState, JobsRoute> {
  return {
    $$type: 'jobbportalen.jobsStateMapping',
    stateToRoute: (uiState) => uiStateToRoute(uiState[indexName] ?? {}),
    routeToState: (route) => ({ [indexName]: routeToUiState(route) }) as UiState,
  };
}
