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
export const SIMILAR_BY_COLUMNS = ['id', 'occupationGroupId', 'occupationFieldId', 'lat', 'lng'] as const;

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
  deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid' | 'resultPages'>,
  db: Kysely<Database>,
  id: string,
): Promise<Job[] | null> {
  const ad = await findJobById(db, id, SIMILAR_BY_COLUMNS);
  return ad ? similarJobsOf(deps, ad) : null;
}

/**
 * The same, for an ad whose row the caller has read already (a job page's route). Ads of one
 * occupation group at one place have the same similar ads but themselves: the searches are asked
 * once per group, field and place and kept by the question cache (so no longer than the search
 * generation they were asked under), and each ad then leaves itself out.
 */
export async function similarJobsOf(
  deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid' | 'resultPages'>,
  ad: SimilarTo,
): Promise<Job[]> {
  const { occupationGroupId: group, occupationFieldId: field, lat, lng } = ad;
  const tiers = await deps.resultPages.get(`similar:${JSON.stringify([group, field, lat, lng])}`, () =>
    similarTiers(deps, ad),
  );
  return [...tiers.group, ...tiers.field]
    .filter((hit) => hit.id !== ad.id)
    .slice(0, SIMILAR_JOBS_COUNT)
    .map(toListJob);
}

/**
 * The nearest ads of the group, one more than shown (the ad itself may be among them); when the
 * group has no more than shown, also the nearest of the field's other groups.
 */
async function similarTiers(
  deps: Pick<JobsDependencies, 'searchEngine' | 'indexUid'>,
  ad: SimilarTo,
): Promise<{ group: ListDocument[]; field: ListDocument[] }> {
  const index = deps.searchEngine.client.index<JobSearchDocument>(deps.indexUid);
  const ask = async (filter: string[]) => {
    const result = await searchCall(() =>
      index.search(
        null,
        {
          filter,
          sort: sortFor(ad),
          limit: SIMILAR_JOBS_COUNT + 1,
          attributesToRetrieve: [...LIST_ATTRIBUTES],
        },
        searchTimeout(),
      ),
    );
    return result.hits as ListDocument[];
  };
  const group = ad.occupationGroupId
    ? await ask([`occupationGroupId = ${quoteFilterValue(ad.occupationGroupId)}`])
    : [];
  if (group.length > SIMILAR_JOBS_COUNT || !ad.occupationFieldId) return { group, field: [] };
  // Only other groups of the field: the group's ads are in already (or it has none).
  const otherGroups = ad.occupationGroupId
    ? [`occupationGroupId != ${quoteFilterValue(ad.occupationGroupId)}`]
    : [];
  const field = await ask([`occupationFieldId = ${quoteFilterValue(ad.occupationFieldId)}`, ...otherGroups]);
  return { group, field };
}
