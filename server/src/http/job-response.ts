import { Type, type Static } from '@fastify/type-provider-typebox';
import type { Job } from '@jobbportalen/contracts';
import type { JobRow } from '@jobbportalen/storage';

/**
 * The columns a Job answer needs. Select these rather than `selectAll()`: the raw feed payload
 * and the skill lists are large and never leave the server.
 */
export const JOB_API_COLUMNS = [
  'id',
  'title',
  'company',
  'location',
  'category',
  'mainCategory',
  'extent',
  'form',
  'descriptionText',
  'descriptionHtml',
  'lastDate',
  'applicationUrl',
  'vacancies',
  'publishedAt',
  'removedAt',
] as const;

export type JobApiRow = Pick<JobRow, (typeof JOB_API_COLUMNS)[number]>;

/** A row of `jobs` (Postgres) as the spec's Job: `_id`, ISO dates, `removed` for ads gone from the feed. */
export function toApiJob(row: JobApiRow): Job {
  return {
    _id: row.id,
    title: row.title,
    company: row.company,
    // The spec's UI reads either name; both carry the employer.
    employer: row.company,
    location: row.location,
    category: row.category,
    mainCategory: row.mainCategory,
    extent: row.extent,
    form: row.form,
    description: row.descriptionText,
    descriptionHtml: row.descriptionHtml,
    lastDate: row.lastDate ? row.lastDate.toISOString() : null,
    applicationUrl: row.applicationUrl,
    vacancies: row.vacancies,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    removed: row.removedAt !== null,
  };
}

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Response schema of a Job, for every route that answers one (job pages, saved jobs, matches);
 * the contracts type is the TS side.
 */
export const ApiJob = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  company: nullable(Type.String()),
  employer: nullable(Type.String()),
  location: nullable(Type.String()),
  category: nullable(Type.String()),
  mainCategory: nullable(Type.String()),
  extent: nullable(Type.String()),
  form: nullable(Type.String()),
  description: Type.String(),
  descriptionHtml: Type.String(),
  lastDate: nullable(Type.String({ format: 'date-time' })),
  applicationUrl: nullable(Type.String()),
  vacancies: Type.Integer(),
  publishedAt: nullable(Type.String({ format: 'date-time' })),
  removed: Type.Optional(Type.Boolean({ description: 'Annonsen har tagits bort ur flödet' })),
  matchReason: Type.Optional(Type.String()),
  score: Type.Optional(Type.Number()),
});

// Fails to compile if the schema and the contracts' Job drift apart.
const _sameShape: [Static<typeof ApiJob>, Job] extends [Job, Static<typeof ApiJob>] ? true : false = true;
