import {
  describeJobQuery,
  jobQueryApiParams,
  PAGES,
  parseJobQuery,
  savedJobQueryOf,
  serializeJobQuery,
  type JobQueryInput,
  type JobQueryParamValue,
  type SavedJobQuery,
} from '@jobbportalen/contracts';
import type { SavedSearchQuery } from '@jobbportalen/contracts/api/saved-searches';
import { isProfileSearch, PROFILE_SEARCH_NAME, PROFILE_SEARCH_PATH } from './profile-search.js';

/**
 * A saved search's query in its canonical form: what the browser's URL of it reads back as, without
 * page or page size. Equal searches give equal keys (one saved search per account, one search per
 * alert run) and byte-equal stored parameters.
 */
export interface StoredQuery {
  /** serializeJobQuery of the search ('' for the plain job browser). */
  key: string;
  /** /api/jobs's parameter names and values, read back from the key (a SavedSearchQuery). */
  params: Record<string, JobQueryParamValue>;
  search: SavedJobQuery;
}

/** The parameters a query string holds, as the contract's SavedSearchQuery names and types them. */
const paramsOf = (key: string): Record<string, JobQueryParamValue> => jobQueryApiParams(parseJobQuery(key));

/** A stored query's parameters as the API answers them. */
export const apiQueryOf = (params: Record<string, JobQueryParamValue>) => params as SavedSearchQuery;

/** The canonical stored form of a search given as /api/jobs's parameters (or a query string). */
export function storedQueryOf(input: JobQueryInput): StoredQuery {
  const search = savedJobQueryOf(parseJobQuery(input));
  const key = serializeJobQuery(search);
  return { key, params: paramsOf(key), search };
}

/** The job browser's path of a stored query ('Jobb för dig' on the dashboard for a profile search). */
export function browserPathOf(key: string): string {
  if (isProfileSearch(key)) return PROFILE_SEARCH_PATH;
  return key ? `${PAGES.jobs.path}?${key}` : PAGES.jobs.path;
}

/** The readable Swedish summary of a stored query. */
export function summaryOf(key: string): string {
  if (isProfileSearch(key)) return PROFILE_SEARCH_NAME;
  return describeJobQuery(savedJobQueryOf(parseJobQuery(key)));
}
