import { MAX_SAVED_SEARCHES } from '@jobbportalen/contracts';
import type {
  CreateSavedSearchBody,
  SavedSearch,
  UpdateSavedSearchBody,
} from '@jobbportalen/contracts/api/saved-searches';
import type { Database, SearchEngine } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { AppError, badRequest, notFound, profileNotFound } from '../../errors.js';
import type { FacetValuesCache } from '../../search/facet-values-cache.js';
import type { QuestionCache } from '../../search/question-cache.js';
import { firstSeenSearch, multiSearch, searchCompiler } from './alert-search.js';
import { isProfileSearch, PROFILE_QUERY_KEY, type ProfileSearches } from './profile-search.js';
import {
  deleteAccountSearch,
  listAccountSearches,
  openAccountSearch,
  saveAccountSearch,
  updateAccountSearch,
  type SavedSearchRow,
} from './saved-searches.repository.js';
import { apiQueryOf, browserPathOf, storedQueryOf, summaryOf, type StoredQuery } from './stored-query.js';

export interface SavedSearchDependencies {
  db: Kysely<Database>;
  search: SearchEngine;
  indexUid: string;
  facetValues: FacetValuesCache;
  /** The server's question cache: new-counts are kept there until a change is searchable. */
  cache: QuestionCache;
  /** Whether an account has a profile (a profile search needs one). */
  profiles: Pick<ProfileSearches, 'hasProfile'>;
}

const NOT_FOUND_MESSAGE = 'Bevakningen hittades inte.';
export const SAVED_SEARCH_LIMIT_MESSAGE = `Du kan ha högst ${MAX_SAVED_SEARCHES} bevakningar. Ta bort en för att spara en ny.`;

function toApi(row: SavedSearchRow, newCount: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: apiQueryOf(row.query),
    summary: summaryOf(row.queryKey),
    path: browserPathOf(row.queryKey),
    alert: row.alert,
    profile: isProfileSearch(row.queryKey),
    newCount,
    lastOpenedAt: row.lastOpenedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new-count depends on nothing but the stored query, the moment it was last opened and the
 * index, so it is kept under the first two; the question cache adds the third (the search
 * generation), so no count is older than a change that was searchable before it was asked for.
 * Opening a saved search moves its moment, and so its key.
 */
const newCountKey = (row: SavedSearchRow) =>
  `saved-search-new-count:${row.lastOpenedAt.getTime()}:${row.queryKey}`;

/**
 * How many live ads each saved search has that were first seen after it was last opened: the
 * same match as /api/jobs gives its query. Counts asked under the current search generation come
 * from the question cache; only the rest are counted, in one multi-search. So a dashboard loaded
 * again and again costs Meilisearch nothing until the index changes (or SEARCH_CACHE_MS passes).
 */
async function newCounts(deps: SavedSearchDependencies, all: SavedSearchRow[]): Promise<number[]> {
  // A profile search has no query to count by: what is new for it is 'Jobb för dig' itself.
  const rows = all.filter((row) => !isProfileSearch(row.queryKey));
  if (rows.length === 0) return all.map(() => 0);
  const byKey = new Map(rows.map((row) => [newCountKey(row), row]));
  const counts = await deps.cache.getMany(rows.map(newCountKey), async (missing) => {
    const compile = searchCompiler(deps.facetValues);
    const uncounted = missing.map((key) => byKey.get(key)!);
    const searches = await Promise.all(uncounted.map((row) => compile(row.queryKey)));
    const results = await multiSearch(
      deps.search,
      uncounted.map((row, i) =>
        firstSeenSearch(deps.indexUid, searches[i]!, { since: row.lastOpenedAt }, { limit: 0 }),
      ),
    );
    return results.map((result) => result.total);
  });
  const byRow = new Map(rows.map((row, i) => [row, counts[i] ?? 0]));
  return all.map((row) => byRow.get(row) ?? 0);
}

const withCounts = async (deps: SavedSearchDependencies, rows: SavedSearchRow[]) => {
  const counts = await newCounts(deps, rows);
  return rows.map((row, i) => toApi(row, counts[i] ?? 0));
};

export async function listSavedSearches(
  deps: SavedSearchDependencies,
  userId: string,
): Promise<SavedSearch[]> {
  return withCounts(deps, await listAccountSearches(deps.db, userId));
}

/** The stored form of 'Jobb som matchar min profil': no query, its own key (profile-search.ts). */
async function profileSearchOf(deps: SavedSearchDependencies, userId: string, body: CreateSavedSearchBody) {
  if (Object.keys(body.query).length > 0)
    throw badRequest('En bevakning av jobb som matchar din profil har ingen sökning. Skicka query som {}.');
  if (!(await deps.profiles.hasProfile(userId))) throw profileNotFound();
  return { key: PROFILE_QUERY_KEY, params: {} };
}

/**
 * Saves a search. The same query again is the saved search the account already has, with the new
 * name (when one is given) and frequency. Beyond MAX_SAVED_SEARCHES a new one is refused. With
 * `profile: true` it is the account's one 'Jobb som matchar min profil', which needs a profile.
 */
export async function createSavedSearch(
  deps: SavedSearchDependencies,
  userId: string,
  body: CreateSavedSearchBody,
): Promise<{ created: boolean; savedSearch: SavedSearch }> {
  const stored: Pick<StoredQuery, 'key' | 'params'> = body.profile
    ? await profileSearchOf(deps, userId, body)
    : storedQueryOf(body.query);
  const saved = await saveAccountSearch(
    deps.db,
    userId,
    {
      name: body.name ?? summaryOf(stored.key),
      query: stored.params,
      queryKey: stored.key,
      alert: body.alert,
    },
    MAX_SAVED_SEARCHES,
    body.name !== undefined,
  );
  if (saved.outcome === 'limit') throw new AppError(409, 'SAVED_SEARCH_LIMIT', SAVED_SEARCH_LIMIT_MESSAGE);
  const [savedSearch] = await withCounts(deps, [saved.row]);
  return { created: saved.outcome === 'created', savedSearch: savedSearch! };
}

export async function updateSavedSearch(
  deps: SavedSearchDependencies,
  userId: string,
  id: string,
  body: UpdateSavedSearchBody,
): Promise<SavedSearch> {
  const row = await updateAccountSearch(deps.db, userId, id, body);
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  const [savedSearch] = await withCounts(deps, [row]);
  return savedSearch!;
}

export async function deleteSavedSearch(deps: SavedSearchDependencies, userId: string, id: string) {
  if (!(await deleteAccountSearch(deps.db, userId, id))) throw notFound(NOT_FOUND_MESSAGE);
}

/**
 * Opens a saved search: its path on /jobb, and the moment (unix seconds) it was opened before —
 * the web marks ads first seen after it as 'Ny'. Counts as engagement.
 */
export async function openSavedSearch(
  deps: SavedSearchDependencies,
  userId: string,
  id: string,
): Promise<{ path: string; since: number }> {
  const opened = await openAccountSearch(deps.db, userId, id);
  if (!opened) throw notFound(NOT_FOUND_MESSAGE);
  return {
    path: browserPathOf(opened.queryKey),
    since: Math.floor(new Date(opened.previousOpenedAt).getTime() / 1000),
  };
}
