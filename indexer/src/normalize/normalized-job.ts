/**
 * One ad as we store it: a row of the jobs table (these names in snake_case) and the source of
 * its search document. Built by classifyFeedRecord from a feed record.
 */
export interface NormalizedJob {
  /** The feed's ad id as a string. */
  id: string;
  /** Headline, else the occupation label, else '' (the UI shows its own fallback). */
  title: string;
  company: string | null;
  /** Clean municipality / city name, or 'Distans' for remote ads. */
  location: string | null;
  municipality: string | null;
  municipalityCode: string | null;
  region: string | null;
  /** Occupation field label (the spec's category). */
  category: string | null;
  /** IT, Sälj, Vård, Ekonomi, Kundservice or null. */
  mainCategory: string | null;
  occupation: string | null;
  occupationId: string | null;
  occupationGroup: string | null;
  occupationGroupId: string | null;
  occupationField: string | null;
  occupationFieldId: string | null;
  /** 'Heltid' / 'Deltid'. */
  extent: string | null;
  /** Employment type label. */
  form: string | null;
  /** Application deadline. */
  lastDate: Date | null;
  /** An http(s) URL: the employer's application page, else the ad's page at Platsbanken. */
  applicationUrl: string | null;
  descriptionHtml: string;
  descriptionText: string;
  vacancies: number;
  remote: boolean;
  lat: number | null;
  lng: number | null;
  publishedAt: Date | null;
  /** last_publication_date: the ad leaves the portal then even if no removal event comes. */
  expiresAt: Date | null;
  /** The record's `timestamp`: when the feed last changed the ad. */
  sourceUpdatedAt: Date | null;
  mustHaveSkills: string[];
  niceToHaveSkills: string[];
  /** The feed payload with personal data removed (see raw-payload.ts). */
  raw: Record<string, unknown>;
}
