/**
 * The public Meilisearch index the browser may search through our proxy. Tests and parallel
 * deployments give it a prefix (see storage's search settings), so code takes the uid from config
 * and uses this only as the default.
 */
export const JOBS_INDEX = 'jobs';
