/**
 * The document we keep in Meilisearch for one live ad. Built by the indexer's normaliser from a
 * feed ad; the search proxy, /api/jobs and matching all read it. Field names of the spec's Job
 * (title, company, location, category, extent, form, lastDate, applicationUrl, description) are
 * kept as they are so a hit can be answered as a Job without renaming.
 */
export interface JobSearchDocument {
  /** The feed's ad id as a string (the feed sometimes sends numbers). Primary key. */
  id: string;
  title: string;
  company: string | null;
  /** Normalised place: a clean city / municipality name, or 'Distans' for remote ads. */
  location: string | null;
  municipality: string | null;
  region: string | null;
  /** Occupation field label (e.g. 'Data/IT'). */
  category: string | null;
  mainCategory: string | null;
  occupation: string | null;
  occupationId: string | null;
  occupationGroup: string | null;
  occupationGroupId: string | null;
  occupationField: string | null;
  occupationFieldId: string | null;
  /** 'Heltid' / 'Deltid' (working_hours_type label). */
  extent: string | null;
  /** Employment type label, e.g. 'Tillsvidareanställning (inkl. eventuell provanställning)'. */
  form: string | null;
  /** Application deadline, ISO 8601. */
  lastDate: string | null;
  /** Deadline as unix seconds, for filtering and sorting. */
  lastDateTs: number | null;
  applicationUrl: string | null;
  /** Sanitised HTML of the description (allow-listed tags only). */
  descriptionHtml: string;
  /** Plain text of the description (what the search engine matches on). */
  description: string;
  vacancies: number;
  remote: boolean;
  publishedAt: string | null;
  /** Publication time as unix seconds, for sorting by newest. */
  publishedTs: number | null;
  mustHaveSkills: string[];
  niceToHaveSkills: string[];
  /** Index-time enrichment for Swedish search: compound parts, head words, synonyms. */
  terms: string[];
  /** The title folded to ASCII (å→a, ä→a, ö→o) for queries typed without Swedish letters. */
  titleFolded: string;
  _geo?: { lat: number; lng: number };
}

/** A job as the spec's API answers it (`_id` and the spec's field names). */
export interface Job {
  _id: string;
  title: string;
  company: string | null;
  employer: string | null;
  location: string | null;
  category: string | null;
  mainCategory: string | null;
  extent: string | null;
  form: string | null;
  description: string;
  descriptionHtml: string;
  lastDate: string | null;
  applicationUrl: string | null;
  vacancies: number;
  publishedAt: string | null;
  removed?: boolean;
  matchReason?: string;
  score?: number;
}
