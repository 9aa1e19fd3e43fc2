import { Type } from 'typebox';

// The one definition of an ad's fields. The API answer (Job) is written out here; the stored row
// (storage), the normalised ad (indexer) and the search document are built from its parts, so a
// field added to the Job reaches all of them. Types for the browser: contracts/src/job.ts.

const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const nullableDateTime = () => Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** A job as the API answers it (`_id` and the spec's field names). */
export const Job = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  company: nullableText(),
  employer: nullableText(),
  /** A clean city / municipality name, or 'Distans' for remote ads. */
  location: nullableText(),
  /** Occupation field label (e.g. 'Data/IT'). */
  category: nullableText(),
  /** IT, Sälj, Vård, Ekonomi, Kundservice or null. */
  mainCategory: nullableText(),
  /** 'Heltid' / 'Deltid'. */
  extent: nullableText(),
  /** Employment type label, e.g. 'Tillsvidareanställning (inkl. eventuell provanställning)'. */
  form: nullableText(),
  /** Plain text of the description; in lists an excerpt. */
  description: Type.String(),
  /** Sanitised HTML of the description (allow-listed tags only); empty in lists. */
  descriptionHtml: Type.String(),
  lastDate: nullableDateTime(),
  /** An http(s) URL: the employer's application page, else the ad's page at Platsbanken. */
  applicationUrl: nullableText(),
  vacancies: Type.Integer(),
  publishedAt: nullableDateTime(),
  /** The feed's salary_type, e.g. 'Fast månads- vecko- eller timlön'. */
  salaryType: nullableText(),
  /** The feed's duration, e.g. 'Tills vidare', '3 - 6 månader'. */
  duration: nullableText(),
  /** scope_of_work in percent of full time: the least and the most, each null when not given. */
  scopeOfWorkMin: Type.Union([Type.Integer(), Type.Null()]),
  scopeOfWorkMax: Type.Union([Type.Integer(), Type.Null()]),
  /** Languages the ad requires (must_have.languages). */
  mustHaveLanguages: Type.Array(Type.String()),
  /** The driving licence types the ad asks for (driving_license), e.g. 'B', 'CE'. */
  drivingLicences: Type.Array(Type.String()),
  /** The ad says applications are read as they come in ('Urval sker löpande'). */
  rollingSelection: Type.Boolean(),
  /** When the portal first saw the ad ('Ny' for a day); lists from the index and ad pages answer it. */
  firstSeenAt: Type.Optional(nullableDateTime()),
  /** When the feed last delivered or confirmed the ad (ad pages only; not in search documents). */
  lastConfirmedAt: Type.Optional(nullableDateTime()),
  removed: Type.Optional(Type.Boolean({ description: 'Annonsen har tagits bort ur flödet' })),
  matchReason: Type.Optional(Type.String()),
  score: Type.Optional(Type.Number()),
});

/**
 * The Job's fields that each form of an ad spells its own way: the id (`id` elsewhere), the
 * employer (a copy of `company`), the descriptions (`descriptionText` in the row, cut in lists),
 * the dates (Date in the row, ISO text in answers; the last confirmation only in the row, so a
 * confirmation does not change the search document) and what only answers carry.
 */
export const JOB_OWN_FIELDS = [
  '_id',
  'employer',
  'description',
  'descriptionHtml',
  'lastDate',
  'publishedAt',
  'firstSeenAt',
  'lastConfirmedAt',
  'removed',
  'matchReason',
  'score',
] as const;

/** The rest of the Job: the same name and value in the row, the search document and the answer. */
export const JobFacts = Type.Omit(Job, JOB_OWN_FIELDS);
export const JOB_FACT_FIELDS = Object.keys(JobFacts.properties) as (keyof typeof JobFacts.properties)[];

/** The occupation triple: the feed's labels and ids, filled in from our taxonomy copy. */
export const JobOccupation = Type.Object({
  occupation: nullableText(),
  occupationId: nullableText(),
  occupationGroup: nullableText(),
  occupationGroupId: nullableText(),
  occupationField: nullableText(),
  occupationFieldId: nullableText(),
});
export const JOB_OCCUPATION_FIELDS = Object.keys(
  JobOccupation.properties,
) as (keyof typeof JobOccupation.properties)[];

/** What the row and the search document share beyond the Job: filters and matching read these. */
export const JobIndexedFacts = Type.Object({
  municipality: nullableText(),
  region: nullableText(),
  ...JobOccupation.properties,
  remote: Type.Boolean(),
  /** The feed's experience_required; null when the ad does not say. */
  experienceRequired: Type.Union([Type.Boolean(), Type.Null()]),
  /** The feed's driving_license_required; null when the ad does not say. */
  drivingLicenceRequired: Type.Union([Type.Boolean(), Type.Null()]),
  mustHaveSkills: Type.Array(Type.String()),
  niceToHaveSkills: Type.Array(Type.String()),
});
export const JOB_INDEXED_FIELDS = Object.keys(
  JobIndexedFacts.properties,
) as (keyof typeof JobIndexedFacts.properties)[];

/**
 * The document we keep in Meilisearch for one live ad, built by the indexer from the stored row;
 * the search proxy, /api/jobs and matching read it. The Job's names are kept, so a hit is
 * answered as a Job without renaming.
 */
export const JobSearchDocument = Type.Object({
  /** The feed's ad id as a string (the feed sometimes sends numbers). Primary key. */
  id: Type.String(),
  ...JobFacts.properties,
  ...JobIndexedFacts.properties,
  descriptionHtml: Type.String(),
  /** Plain text of the description (what the search engine matches on). */
  description: Type.String(),
  lastDate: nullableDateTime(),
  /** Deadline as unix seconds, for filtering and sorting. */
  lastDateTs: Type.Union([Type.Integer(), Type.Null()]),
  publishedAt: nullableDateTime(),
  /** Publication time as unix seconds, for sorting by newest. */
  publishedTs: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * When the portal first saw the ad, as unix seconds: what a saved search's new-count and an
   * alert's "new since" compare with (an edit or a re-publication keeps it).
   */
  firstSeenTs: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Index-time enrichment for Swedish search: compound parts, head words, synonyms. */
  terms: Type.Array(Type.String()),
  /** The title folded to ASCII (å→a, ä→a, ö→o) for queries typed without Swedish letters. */
  titleFolded: Type.String(),
  /**
   * The occupations the ad is for, from its title and its occupation (contracts'
   * occupationKeysOfText): what a search's occupation words must find ('sjukskoterska', 'skoterska').
   */
  occupationKeys: Type.Array(Type.String()),
  /** Other occupations its text names ('… tillsammans med våra utvecklare'): 'Visa även … i texten'. */
  mentionKeys: Type.Array(Type.String()),
  _geo: Type.Optional(Type.Object({ lat: Type.Number(), lng: Type.Number() })),
});
export const JOB_SEARCH_DOCUMENT_FIELDS = Object.keys(
  JobSearchDocument.properties,
) as (keyof typeof JobSearchDocument.properties)[];

/** GET /api/jobs/stats. */
export const JobStats = Type.Object({
  totalJobs: Type.Integer({ description: 'Annonser just nu' }),
  totalVacancies: Type.Integer({ description: 'Lediga tjänster i dem' }),
});

/**
 * The named fields of one form of an ad, copied into a new object. Mappers between the forms copy
 * by the lists above, so a field added to the Job is carried without being named again.
 */
export function pickJobFields<T extends object, K extends keyof T>(
  source: T,
  fields: readonly K[],
): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const field of fields) picked[field] = source[field];
  return picked;
}
