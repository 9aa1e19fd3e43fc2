import type { IndexUiState, StateMapping, UiState } from 'instantsearch.js';
import type { JobsRoute } from './jobs-url-state';
import type { TitleOnlyUiState } from './title-only-connector';

/**
 * URL parameter → the index field its menu filters on. The spec calls the place "city"; the index
 * calls it "location" (remote ads carry the location 'Distans').
 */
export const FILTER_ATTRIBUTES = {
  mainCategory: 'mainCategory',
  city: 'location',
  extent: 'extent',
  form: 'form',
} as const;

type FilterKey = keyof typeof FILTER_ATTRIBUTES;
const FILTER_KEYS = Object.keys(FILTER_ATTRIBUTES) as FilterKey[];

export type JobsUiState = IndexUiState & TitleOnlyUiState;

export function uiStateToRoute(state: JobsUiState): JobsRoute {
  const route: JobsRoute = {};
  const query = state.query?.trim();
  if (query) route.search = query;
  for (const key of FILTER_KEYS) {
    const value = state.menu?.[FILTER_ATTRIBUTES[key]];
    if (value) route[key] = value;
  }
  if (state.titleOnly) route.titleOnly = true;
  if (state.page !== undefined && state.page > 1) route.page = state.page;
  return route;
}

export function routeToUiState(route: JobsRoute): JobsUiState {
  const state: JobsUiState = {};
  if (route.search) state.query = route.search;
  const menu: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = route[key];
    if (value) menu[FILTER_ATTRIBUTES[key]] = value;
  }
  if (Object.keys(menu).length > 0) state.menu = menu;
  if (route.titleOnly) state.titleOnly = true;
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
