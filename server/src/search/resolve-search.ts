import { parseJobQuery, resolveJobQuery, type JobQuery, type JobQueryInput } from '@jobbportalen/contracts';
import type { FacetValuesCache } from './facet-values-cache.js';

/**
 * A search as the server runs it: read as a JobQuery (URL form, /api/jobs's parameters or a saved
 * search's stored query), then a city named in the text applied as the city filter — the same
 * rule the browser follows, so /api/jobs, alerts and saved searches mean what /jobb shows.
 */
export async function resolveSearch(facetValues: FacetValuesCache, input: JobQueryInput): Promise<JobQuery> {
  const cities = (await facetValues.get()).locations.map((source) => source.value);
  return resolveJobQuery(parseJobQuery(input), cities);
}
