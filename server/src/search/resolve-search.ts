import {
  parseJobQuery,
  understandJobQuery,
  understandText,
  type JobQuery,
  type JobQueryInput,
  type UnderstoodJobQuery,
} from '@jobbportalen/contracts';
import type { QueryKnowledgeAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { queryRules } from '@jobbportalen/lexicon/query-rules';
import type { FacetValues, FacetValuesCache } from './facet-values-cache.js';

const keptTextsCache = new WeakMap<FacetValues, string[]>();

/**
 * The live ads' titles the query rules would rewrite ('Sommarjobb Malmö', 'Kockjobb'): a text that
 * is exactly a title stays text, so the seeker who types an ad's title finds that ad. Computed
 * once per refresh of the facet values.
 */
function keptTextsOf(values: FacetValues): string[] {
  let kept = keptTextsCache.get(values);
  if (!kept) {
    const knowledge = { cities: values.locations.map((place) => place.value), rules: queryRules() };
    // One word without 'jobb' is a category, a place, an extent or left as it is: the entry rule
    // makes the first two filters whatever the titles say, and the rest need no keeping.
    kept = values.titles
      .map((title) => title.value)
      .filter((title) => title.includes(' ') || /jobb/i.test(title))
      .filter((title) => understandText(title, {}, knowledge) !== null);
    keptTextsCache.set(values, kept);
  }
  return kept;
}

/** The rules and the kept titles, for the browser. */
export async function queryKnowledge(facetValues: FacetValuesCache): Promise<QueryKnowledgeAnswer> {
  return { rules: queryRules(), keptTexts: keptTextsOf(await facetValues.get()) };
}

/**
 * A search as the server runs it: read as a JobQuery (URL form, /api/jobs's parameters or a saved
 * search's stored query), then its text understood (a city or category named in it, 'lärarjobb
 * malmö' as 'lärare' in Malmö) by the same rule and data the browser uses, so /api/jobs, alerts and
 * saved searches mean what /jobb shows.
 */
export async function understandSearch(
  facetValues: FacetValuesCache,
  input: JobQueryInput,
): Promise<UnderstoodJobQuery> {
  const values = await facetValues.get();
  const cities = values.locations.map((source) => source.value);
  return understandJobQuery(parseJobQuery(input), cities, queryRules(), keptTextsOf(values));
}

/** understandSearch's search, without how its text was understood. */
export async function resolveSearch(facetValues: FacetValuesCache, input: JobQueryInput): Promise<JobQuery> {
  return (await understandSearch(facetValues, input)).query;
}
