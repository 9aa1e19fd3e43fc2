/** The paths of the answers about a search, without its query string. */
export const SEARCH_ANSWER_PATHS = {
  filterCounts: '/api/jobs/filter-counts',
  alsoMentions: '/api/jobs/also-mentions',
} as const;

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * The public API answers a server-rendered page is built from, by the GET path the browser would
 * call: one owner of those paths for the web app (which reads an answer by its path, in the
 * server's render and while hydrating) and the server (which answers them without a request).
 */
export const PAGE_ANSWER_PATHS = {
  config: '/api/config',
  places: '/api/jobs/locations',
  extents: '/api/jobs/extents',
  forms: '/api/jobs/forms',
  queryRules: '/api/jobs/query-rules',
  /** The start page's texts (the public read of the site settings). */
  siteSettings: '/api/admin/site-settings',
  stats: '/api/jobs/stats',
  /** /integritet's figures: retention periods and the controller's address. */
  privacy: '/api/privacy',
  latestJobs: (limit: number) => `/api/jobs/latest?limit=${limit}`,
  job: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
  similarJobs: (id: string) => `/api/jobs/${encodeURIComponent(id)}/similar`,
  /** A search page's filter counts and 'Visa även …', for a search's query string (may be empty). */
  filterCounts: (query: string) => withQuery(SEARCH_ANSWER_PATHS.filterCounts, query),
  alsoMentions: (query: string) => withQuery(SEARCH_ANSWER_PATHS.alsoMentions, query),
} as const;

/** An API answer as a page carries it: the status and the JSON body. */
export interface PageAnswer {
  status: number;
  body: unknown;
}
