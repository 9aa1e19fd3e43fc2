import type { Job, JobSearchDocument } from '@jobbportalen/contracts';
import { JOB_FACT_FIELDS, Job as JobSchema, pickJobFields } from '@jobbportalen/contracts/api/job';
import type { JobRow } from '@jobbportalen/storage';

/** Response schema of a Job, for every route that answers one (job pages, saved jobs, matches). */
export const ApiJob = JobSchema;

/** What a stored row and a search hit both give a Job under the same names. */
const SAME_IN_ROW_AND_HIT = ['id', ...JOB_FACT_FIELDS, 'descriptionHtml', 'lastDate', 'publishedAt'] as const;

/**
 * The columns a Job answer needs. Select these rather than `selectAll()`: the raw feed payload
 * and the skill lists are large and never leave the server.
 */
export const JOB_API_COLUMNS = [
  ...SAME_IN_ROW_AND_HIT,
  'descriptionText',
  'removedAt',
] as const satisfies readonly (keyof JobRow)[];

export type JobApiRow = Pick<JobRow, (typeof JOB_API_COLUMNS)[number]>;

/** The search document's fields a whole Job is made of. */
export const JOB_HIT_ATTRIBUTES = [
  ...SAME_IN_ROW_AND_HIT,
  'description',
] as const satisfies readonly (keyof JobSearchDocument)[];

export type JobHit = Pick<JobSearchDocument, (typeof JOB_HIT_ATTRIBUTES)[number]>;

/** What every form of an ad gives a Job alike. */
function publicFacts(source: Pick<JobHit, 'id' | (typeof JOB_FACT_FIELDS)[number]>) {
  return {
    _id: source.id,
    ...pickJobFields(source, JOB_FACT_FIELDS),
    // The spec's UI reads either name; both carry the employer.
    employer: source.company,
  };
}

/** A row of `jobs` (Postgres) as the spec's Job: `_id`, ISO dates, `removed` for ads gone from the feed. */
export function toApiJob(row: JobApiRow): Job {
  return {
    ...publicFacts(row),
    description: row.descriptionText,
    descriptionHtml: row.descriptionHtml,
    lastDate: row.lastDate ? row.lastDate.toISOString() : null,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    removed: row.removedAt !== null,
  };
}

/** A search hit as the spec's Job (the index holds live ads only, so nothing says `removed`). */
export function jobFromSearchHit(hit: JobHit): Job {
  return {
    ...publicFacts(hit),
    description: hit.description ?? '',
    descriptionHtml: hit.descriptionHtml ?? '',
    lastDate: hit.lastDate,
    publishedAt: hit.publishedAt,
  };
}
