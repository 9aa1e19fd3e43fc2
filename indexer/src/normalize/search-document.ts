import type { JobSearchDocument } from '@jobbportalen/contracts';
import { foldAscii, searchTerms } from '@jobbportalen/lexicon/swedish';
import type { NormalizedJob } from './normalized-job.js';

/** The stored fields a search document is made of: the sync reads just these, not the raw payload. */
export const SEARCH_DOCUMENT_COLUMNS = [
  'id',
  'title',
  'company',
  'location',
  'municipality',
  'region',
  'category',
  'mainCategory',
  'occupation',
  'occupationId',
  'occupationGroup',
  'occupationGroupId',
  'occupationField',
  'occupationFieldId',
  'extent',
  'form',
  'lastDate',
  'applicationUrl',
  'descriptionHtml',
  'descriptionText',
  'vacancies',
  'remote',
  'lat',
  'lng',
  'publishedAt',
  'mustHaveSkills',
  'niceToHaveSkills',
] as const satisfies readonly (keyof NormalizedJob)[];

export type SearchDocumentSource = Pick<NormalizedJob, (typeof SEARCH_DOCUMENT_COLUMNS)[number]>;

const toIso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const toUnixSeconds = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);

/** The Meilisearch document for a stored job (contracts/src/job.ts). */
export function toSearchDocument(job: SearchDocumentSource): JobSearchDocument {
  const document: JobSearchDocument = {
    id: job.id,
    title: job.title,
    company: job.company,
    location: job.location,
    municipality: job.municipality,
    region: job.region,
    category: job.category,
    mainCategory: job.mainCategory,
    occupation: job.occupation,
    occupationId: job.occupationId,
    occupationGroup: job.occupationGroup,
    occupationGroupId: job.occupationGroupId,
    occupationField: job.occupationField,
    occupationFieldId: job.occupationFieldId,
    extent: job.extent,
    form: job.form,
    lastDate: toIso(job.lastDate),
    lastDateTs: toUnixSeconds(job.lastDate),
    applicationUrl: job.applicationUrl,
    descriptionHtml: job.descriptionHtml,
    description: job.descriptionText,
    vacancies: job.vacancies,
    remote: job.remote,
    publishedAt: toIso(job.publishedAt),
    publishedTs: toUnixSeconds(job.publishedAt),
    mustHaveSkills: job.mustHaveSkills,
    niceToHaveSkills: job.niceToHaveSkills,
    terms: searchTerms({
      title: job.title,
      occupation: job.occupation,
      occupationGroup: job.occupationGroup,
    }),
    titleFolded: foldAscii(job.title),
  };
  // Geo filters and sorts need real coordinates; an ad without any leaves _geo out, as the contract allows.
  if (job.lat !== null && job.lng !== null) document._geo = { lat: job.lat, lng: job.lng };
  return document;
}
