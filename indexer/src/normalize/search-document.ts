import { JOB_FACT_FIELDS, JOB_INDEXED_FIELDS, pickJobFields } from '@jobbportalen/contracts/api/job';
import type { JobSearchDocument } from '@jobbportalen/contracts';
import { occupationKeysOfText } from '@jobbportalen/contracts';
import { occupationLexicon } from '@jobbportalen/lexicon';
import { foldAscii, searchTerms } from '@jobbportalen/lexicon/swedish';
import type { NormalizedJob } from './normalized-job.js';

/** Fields the document carries exactly as stored (the contract names them). */
const COPIED_FIELDS = [...JOB_FACT_FIELDS, ...JOB_INDEXED_FIELDS, 'descriptionHtml'] as const;

/** The stored fields a search document is made of: the sync reads just these, not the raw payload. */
export const SEARCH_DOCUMENT_COLUMNS = [
  'id',
  ...COPIED_FIELDS,
  'descriptionText',
  'lastDate',
  'publishedAt',
  'lat',
  'lng',
  'firstSeenAt',
] as const satisfies readonly (keyof NormalizedJob | 'firstSeenAt')[];

/** A stored job's document fields; `firstSeenAt` is the store's own (absent for an ad not yet stored). */
export type SearchDocumentSource = Pick<
  NormalizedJob,
  Exclude<(typeof SEARCH_DOCUMENT_COLUMNS)[number], 'firstSeenAt'>
> & {
  firstSeenAt?: Date | null;
};

const toIso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const toUnixSeconds = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * The occupations an ad is for (its title's and its occupation's) and, apart, those its text names:
 * a search's occupation words are matched against these, never against the words of the text.
 */
function occupationKeysOf(job: SearchDocumentSource) {
  const lexicon = occupationLexicon();
  const occupationKeys = new Set([
    ...occupationKeysOfText(job.title, lexicon),
    ...occupationKeysOfText(job.occupation, lexicon),
  ]);
  const mentionKeys = occupationKeysOfText(job.descriptionText, lexicon).filter(
    (key) => !occupationKeys.has(key),
  );
  return { occupationKeys: [...occupationKeys], mentionKeys };
}

/** The Meilisearch document for a stored job (contracts/src/api/job.ts). */
export function toSearchDocument(job: SearchDocumentSource): JobSearchDocument {
  const document: JobSearchDocument = {
    id: job.id,
    ...pickJobFields(job, COPIED_FIELDS),
    description: job.descriptionText,
    lastDate: toIso(job.lastDate),
    lastDateTs: toUnixSeconds(job.lastDate),
    publishedAt: toIso(job.publishedAt),
    publishedTs: toUnixSeconds(job.publishedAt),
    firstSeenTs: toUnixSeconds(job.firstSeenAt ?? null),
    terms: searchTerms({
      title: job.title,
      occupation: job.occupation,
      occupationGroup: job.occupationGroup,
    }),
    titleFolded: foldAscii(job.title),
    ...occupationKeysOf(job),
  };
  // Geo filters and sorts need real coordinates; an ad without any leaves _geo out, as the contract allows.
  if (job.lat !== null && job.lng !== null) document._geo = { lat: job.lat, lng: job.lng };
  return document;
}
