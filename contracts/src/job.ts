import type { Static } from 'typebox';
import type * as Schemas from './api/job.js';

// The ad's types for everyone, the browser included. Their definition is the TypeBox schemas in
// api/job.ts; only types are imported from there, so pages that import this file through the
// package entry do not download TypeBox.

/** A job as the spec's API answers it (`_id` and the spec's field names). */
export type Job = Static<typeof Schemas.Job>;
/** The Job's fields that the row, the search document and the answer hold alike. */
export type JobFacts = Static<typeof Schemas.JobFacts>;

/** The facts of an ad page beyond the search filters; each null or empty when the feed has none. */
export type AdDetails = Pick<
  JobFacts,
  | 'salaryType'
  | 'duration'
  | 'scopeOfWorkMin'
  | 'scopeOfWorkMax'
  | 'mustHaveLanguages'
  | 'drivingLicences'
  | 'rollingSelection'
>;

/** An ad whose feed record says none of the AdDetails: what fixtures and test ads start from. */
export const NO_AD_DETAILS: Readonly<AdDetails> = Object.freeze({
  salaryType: null,
  duration: null,
  scopeOfWorkMin: null,
  scopeOfWorkMax: null,
  mustHaveLanguages: [],
  drivingLicences: [],
  rollingSelection: false,
});
export type JobOccupation = Static<typeof Schemas.JobOccupation>;
export type JobIndexedFacts = Static<typeof Schemas.JobIndexedFacts>;
/** The document we keep in Meilisearch for one live ad. */
export type JobSearchDocument = Static<typeof Schemas.JobSearchDocument>;
export type JobSearchField = keyof JobSearchDocument;
/** GET /api/jobs/stats. */
export type JobStats = Static<typeof Schemas.JobStats>;

/** What a job card shows, from a search hit or a Job. */
export const JOB_CARD_FIELDS = [
  'id',
  'title',
  'company',
  'location',
  'extent',
  'lastDate',
  'rollingSelection',
] as const satisfies readonly JobSearchField[];
export type JobCardFields = Pick<JobSearchDocument, (typeof JOB_CARD_FIELDS)[number]>;

/**
 * What the browser's search asks the index for: the card, and no (long) descriptions. firstSeenTs
 * marks ads that are new since a saved search was last opened ('Ny'); _geo gives the distance on
 * the card when the search is around a place ('12 km').
 */
export const JOB_RESULT_FIELDS = [
  ...JOB_CARD_FIELDS,
  'publishedAt',
  'firstSeenTs',
  '_geo',
] as const satisfies readonly JobSearchField[];
