import type { Job, JobSearchDocument } from '@jobbportalen/contracts';
import { findJobById, type Database, type JobRow } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { quoteFilterValue } from '@jobbportalen/contracts';
import { searchCall, searchTimeout } from '../../search/search-call.js';
import type { JobsDependencies } from './jobs.service.js';
import { LIST_ATTRIBUTES, toListJob, type ListDocument } from './search-hit-mapper.js';

/** 'Liknande jobb' under an ad and on the page of a removed one. */
export const SIMILAR_JOBS_COUNT = 4;

/** What of the ad its similar ads are found by; the row, so a removed ad has similar ads too. */
const SIMILAR_BY_COLUMNS = ['id', 'occupationGroupId', 'occupationFieldId', 'lat', 'lng'] as const;

export type SimilarTo = Pick<JobRow, (typeof SIMILAR_BY_COLUMNS)[number]>;

/** Nearest the ad first when it has a place on the map, else newest first. */
function sortFor(ad: SimilarTo): string[] {
  return ad.lat !== null && ad.lng !== null ? [`_geoPoint(${ad.lat}, ${ad.lng}):asc`] : ['publishedTs:desc'];
}

/**
 * Live ads (the index holds nothing else) of the ad's occupation group; when the group has fewer
 * than four others, the rest from its occupation field. Each tier nearest first. Never the ad
 * itself: one more is asked for and the ad dropped. Null when we never had the ad.
 */
export async function similarJobs(
  deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid'>,
  db: Kysely<Database>,
  id: string,
): Promise<Job[] | null> {
  const ad = await findJobById(db, id, SIMILAR_BY_COLUMNS);
  return ad ? similarJobsOf(deps, ad) : null;
}

/** The same, for an ad whose row the caller has read already (a job page's route). */
export async function similarJobsOf(
  deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid'>,
  ad: SimilarTo,
): Promise<Job[]> {
  const index = deps.searchEngine.client.index<JobSearchDocument>(deps.indexUid);
  const found: ListDocument[] = [];
  const ask = async (filter: string[]) => {
    const wanted = SIMILAR_JOBS_COUNT - found.length;
    if (wanted <= 0) return;
    const result = await searchCall(() =>
      index.search(
        null,
        { filter, sort: sortFor(ad), limit: wanted + 1, attributesToRetrieve: [...LIST_ATTRIBUTES] },
        searchTimeout(),
      ),
    );
    const hits = (result.hits as ListDocument[]).filter((hit) => hit.id !== ad.id);
    found.push(...hits.slice(0, wanted));
  };
  if (ad.occupationGroupId) await ask([`occupationGroupId = ${quoteFilterValue(ad.occupationGroupId)}`]);
  if (ad.occupationFieldId) {
    // The group's ads are in already (or it has none): only other groups of the field now.
    const otherGroups = ad.occupationGroupId
      ? [`occupationGroupId != ${quoteFilterValue(ad.occupationGroupId)}`]
      : [];
    await ask([`occupationFieldId = ${quoteFilterValue(ad.occupationFieldId)}`, ...otherGroups]);
  }
  return found.map(toListJob);
}
